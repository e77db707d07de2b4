import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { badRequest } from "../errors/domain-error";

const PREFIX = "v1:";

/**
 * Seals settings secrets (mail passwords, SSO client secrets, webhook keys) with AES-256-GCM, so a copied
 * database alone does not give them away. The 12-byte nonce is random per value; the tag detects tampering.
 */
export class SecretBox {
  #key: Buffer | undefined;
  readonly #load: () => Buffer;
  /** The key is read (or the key file created) on first use, so an install without secrets needs none. */
  constructor(key: Buffer | (() => Buffer)) {
    this.#load = typeof key === "function" ? key : () => key;
  }

  get #k(): Buffer {
    this.#key ??= this.#load();
    if (this.#key.length !== 32) throw new Error("The secret key must be 32 bytes");
    return this.#key;
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.#k, iv);
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
  }

  open(sealed: string): string {
    const raw = sealed.startsWith(PREFIX) ? Buffer.from(sealed.slice(PREFIX.length), "base64url") : null;
    if (!raw || raw.length < 28) throw unreadable();
    const decipher = createDecipheriv("aes-256-gcm", this.#k, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    try {
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    } catch {
      throw unreadable();
    }
  }
}

const unreadable = () =>
  badRequest("A stored secret cannot be read with this server's key. Please enter it again.");

/**
 * The key: SECRET_KEY when set (any long random string, hashed to 32 bytes), else DATA_DIR/secret.key,
 * created on first use with owner-only permissions. Losing it means entering stored secrets again.
 */
export function loadSecretKey(input: { secretKey?: string; dataDir: string }): Buffer {
  if (input.secretKey) return createHash("sha256").update(input.secretKey, "utf8").digest();
  const file = join(input.dataDir, "secret.key");
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
  chmodSync(file, 0o600);
  const key = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
  return key;
}

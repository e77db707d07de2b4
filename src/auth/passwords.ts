import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";

/** argon2id via Bun.password, with a cap on parallel hashes: each takes ~64 MiB, so a login flood cannot exhaust memory. */
export class PasswordHasher {
  private running = 0;
  private waiting: (() => void)[] = [];
  constructor(
    private readonly concurrency: number,
    private readonly cost?: { memoryCost: number; timeCost: number },
  ) {}

  hash(password: string) {
    return this.limited(() => Bun.password.hash(password, { algorithm: "argon2id", ...this.cost }));
  }

  verify(password: string, hash: string) {
    return this.limited(() => Bun.password.verify(password, hash).catch(() => false));
  }

  /** Verifies against a real hash of a random password, so an unknown e-mail costs the same time. */
  verifyDummy(password: string) {
    this.dummy ??= this.hash(crypto.randomUUID());
    return this.dummy.then((h) => this.verify(password, h)).then(() => false);
  }
  private dummy?: Promise<string>;

  private async limited<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) await new Promise<void>((r) => this.waiting.push(r));
    this.running++;
    try {
      return await fn();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

/** A printable first-admin password: 16 random bytes in base32 (~128 bits). */
export function randomPassword() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return encodeBase32LowerCaseNoPadding(bytes);
}

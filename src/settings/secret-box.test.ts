import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadSecretKey, SecretBox } from "./secret-box";

const box = () => new SecretBox(loadSecretKey({ secretKey: "a long random operator secret", dataDir: "/" }));

describe("secret box", () => {
  test("seals to text that hides the value and opens back to it", () => {
    const sealed = box().seal("client-secret-ünïcode");
    expect(sealed).not.toContain("client-secret");
    expect(box().open(sealed)).toBe("client-secret-ünïcode");
  });

  test("the same value seals differently each time", () => {
    expect(box().seal("x")).not.toBe(box().seal("x"));
  });

  test("a changed byte or another key is refused with a clear message", () => {
    const sealed = box().seal("secret");
    const flipped = `${sealed.slice(0, -2)}${sealed.endsWith("A") ? "B" : "A"}${sealed.slice(-1)}`;
    expect(() => box().open(flipped)).toThrow("cannot be read");
    const other = new SecretBox(loadSecretKey({ secretKey: "another secret", dataDir: "/" }));
    expect(() => other.open(sealed)).toThrow("cannot be read");
    expect(() => box().open("plain text")).toThrow("cannot be read");
  });

  test("without SECRET_KEY a key file is created once, owner-only, and reused", () => {
    const dir = mkdtempSync(join(tmpdir(), "helpdesk-key-"));
    const first = loadSecretKey({ dataDir: dir });
    expect(statSync(join(dir, "secret.key")).mode & 0o777).toBe(0o600);
    expect(loadSecretKey({ dataDir: dir }).equals(first)).toBe(true);
    expect(Buffer.from(readFileSync(join(dir, "secret.key"), "utf8"), "base64")).toHaveLength(32);
  });
});

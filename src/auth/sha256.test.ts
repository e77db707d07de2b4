import { expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { sha256Hex } from "./sha256";

test("sha256Hex – the standard digest of the text's UTF-8 bytes, lowercase hex (stored session ids stay valid)", () => {
  expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  for (const text of ["Grüße, Zoë ✓", "x".repeat(1000), "\u{1F600} emoji"])
    expect(sha256Hex(text)).toBe(createHash("sha256").update(Buffer.from(text, "utf8")).digest("hex"));
});

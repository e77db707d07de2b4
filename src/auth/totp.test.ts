import { describe, expect, test } from "bun:test";
import { generateTOTP } from "@oslojs/otp";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import {
  hashRecoveryCode,
  isRecoveryCodeShape,
  matchTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  stepAt,
  totpCodeAt,
  totpUri,
} from "./totp";

// RFC 6238 appendix B: the SHA-1 key "12345678901234567890" in base32, and its 8-digit codes' last 6.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
const at = (seconds: number) => new Date(seconds * 1000);

describe("TOTP codes", () => {
  test("codes match RFC 6238's test vectors at a fixed clock", () => {
    expect(totpCodeAt(RFC_SECRET, stepAt(at(59)))).toBe("287082");
    expect(totpCodeAt(RFC_SECRET, stepAt(at(1111111109)))).toBe("081804");
    expect(totpCodeAt(RFC_SECRET, stepAt(at(2000000000)))).toBe("279037");
  });

  test("a code is accepted in its own step and one step either side, not two", () => {
    const now = at(1_700_000_000);
    const step = stepAt(now);
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, step), now)).toBe(step);
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, step - 1), now)).toBe(step - 1);
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, step + 1), now)).toBe(step + 1);
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, step - 2), now)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, step + 2), now)).toBeNull();
  });

  test("a code of a step already used (or older) is refused: no replay within the window", () => {
    const now = at(1_700_000_000);
    const step = stepAt(now);
    const code = totpCodeAt(RFC_SECRET, step);
    expect(matchTotpStep(RFC_SECRET, code, now, step)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, code, now, step - 1)).toBe(step);
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, step - 1), now, step - 1)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, step + 1), now, step)).toBe(step + 1);
  });

  test("malformed codes never match", () => {
    const now = at(1_700_000_000);
    for (const bad of ["", "12345", "1234567", "abcdef", " 12345", "12345\n"])
      expect(matchTotpStep(RFC_SECRET, bad, now)).toBeNull();
  });

  test("a new secret works with what authenticator apps compute (the library's own TOTP)", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const code = generateTOTP(decodeBase32IgnorePadding(secret), 30, 6);
    expect(matchTotpStep(secret, code, new Date())).not.toBeNull();
    expect(totpUri("Helpdesk", "a@example.com", secret)).toStartWith(
      "otpauth://totp/Helpdesk:a%40example.com?",
    );
  });
});

describe("recovery codes", () => {
  test("ten distinct codes; typed in any case with or without the dash they hash the same", () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const c = codes[0]!;
    expect(hashRecoveryCode(c.toUpperCase().replace("-", " "))).toBe(hashRecoveryCode(c));
    expect(isRecoveryCodeShape(c.replace("-", ""))).toBe(true);
    expect(isRecoveryCodeShape("123456")).toBe(false);
  });
});

import { createTOTPKeyURI, generateHOTP } from "@oslojs/otp";
import { decodeBase32IgnorePadding, encodeBase32NoPadding } from "@oslojs/encoding";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { sha256Hex } from "./sha256";

/** RFC 6238 as every authenticator app expects it: 30-second steps, 6 digits, HMAC-SHA1. */
const TOTP_PERIOD_S = 30;
const TOTP_DIGITS = 6;
/** Steps either side of now a code may come from: clocks drift and people type slowly. */
const DRIFT_STEPS = 1;

/** A fresh 160-bit key in base32 (RFC 4226's recommended length), the text people type into an app. */
export function newTotpSecret(): string {
  return encodeBase32NoPadding(crypto.getRandomValues(new Uint8Array(20)));
}

const keyOf = (secret: string) => decodeBase32IgnorePadding(secret);
export const stepAt = (now: Date) => Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S);

/** The code an authenticator shows at that time step. */
export const totpCodeAt = (secret: string, step: number) =>
  generateHOTP(keyOf(secret), BigInt(step), TOTP_DIGITS);

/**
 * The time step a code belongs to (now, one before or one after), or null. A step at or before
 * `lastUsedStep` never matches, so a code seen once cannot be used again within its window.
 */
export function matchTotpStep(
  secret: string,
  code: string,
  now: Date,
  lastUsedStep: number | null = null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const given = new TextEncoder().encode(code);
  const current = stepAt(now);
  let found: number | null = null;
  for (let step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step++) {
    const expected = new TextEncoder().encode(totpCodeAt(secret, step));
    // every step is compared, so the time taken says nothing about which one matched
    if (constantTimeEqual(given, expected) && found === null) found = step;
  }
  if (found === null || (lastUsedStep !== null && found <= lastUsedStep)) return null;
  return found;
}

export const totpUri = (issuer: string, account: string, secret: string) =>
  createTOTPKeyURI(issuer, account, keyOf(secret), TOTP_PERIOD_S, TOTP_DIGITS);

/** Ten codes of ten base32 letters (50 bits each), shown as `xxxxx-xxxxx`. */
export function newRecoveryCodes(count = 10): string[] {
  const alphabet = "abcdefghijkmnpqrstuvwxyz23456789"; // 32 letters without 0/o, 1/l look-alikes
  return Array.from({ length: count }, () => {
    const chars = Array.from(crypto.getRandomValues(new Uint8Array(10)), (b) => alphabet[b & 31]);
    return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
  });
}

/** What people may type for a recovery code: any case, with or without the dash and spaces. */
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");
export const isRecoveryCodeShape = (code: string) => /^[a-z2-9]{10}$/.test(normaliseRecoveryCode(code));
export const hashRecoveryCode = (code: string) => sha256Hex(normaliseRecoveryCode(code));

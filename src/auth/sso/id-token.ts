import { type createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from "jose";
import { SsoFailure } from "./sso-failure";

export type KeySet = ReturnType<typeof createRemoteJWKSet>;

/**
 * Checks an ID token's signature against the provider's published keys, its issuer, audience, expiry
 * (by the app's clock) and nonce. Each failure becomes a reason class for the audit log.
 */
export async function verifyIdToken(
  token: string,
  expect: { keys: KeySet; issuer: string; audience: string; nonce: string; now: Date },
): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(token, expect.keys, {
      issuer: expect.issuer,
      audience: expect.audience,
      currentDate: expect.now,
      clockTolerance: 60,
      requiredClaims: ["sub", "exp", "iat"],
    });
    if (payload.nonce !== expect.nonce) throw new SsoFailure("token_invalid");
    return payload;
  } catch (err) {
    if (err instanceof SsoFailure) throw err;
    if (err instanceof errors.JWTExpired) throw new SsoFailure("token_expired");
    if (err instanceof errors.JWTClaimValidationFailed && err.claim === "aud")
      throw new SsoFailure("wrong_audience");
    if (err instanceof errors.JWTClaimValidationFailed && err.claim === "iss")
      throw new SsoFailure("wrong_issuer");
    throw new SsoFailure("token_invalid");
  }
}

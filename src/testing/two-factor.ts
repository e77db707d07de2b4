// Test-only: enrol a user in two-factor sign-in over the API and compute their codes at the app's clock.
import { expect } from "bun:test";
import { stepAt, totpCodeAt } from "../auth/totp";
import type { TestApp } from "./test-app";

/**
 * Confirms the session's password (as enrolment needs), enrols its user; returns the key, the recovery
 * codes and a code maker for any time step offset.
 */
export async function enrolTwoFactor(t: TestApp, cookie: string, password?: string) {
  await t.confirmPassword(cookie, password);
  const start = await t.request("/api/auth/two-factor/enrol", { method: "POST", cookie });
  expect(start.status).toBe(200);
  const { secret, qrSvg } = (await start.json()) as { secret: string; qrSvg: string };
  expect(qrSvg).toStartWith("<svg");
  const codeAt = (offset = 0) => totpCodeAt(secret, stepAt(t.deps.now()) + offset);
  const confirm = await t.request("/api/auth/two-factor/confirm", { json: { code: codeAt() }, cookie });
  expect(confirm.status).toBe(200);
  const { recoveryCodes } = (await confirm.json()) as { recoveryCodes: string[] };
  return { secret, recoveryCodes, codeAt };
}

/** The password step: the challenge when the user has a second factor. */
export async function passwordStep(t: TestApp, email: string, password: string) {
  const res = await t.request("/api/login", { json: { email, password } });
  expect(res.status).toBe(200);
  expect(res.headers.get("set-cookie")).toBeNull();
  const body = (await res.json()) as { twoFactorRequired: boolean; challenge: string };
  expect(body.twoFactorRequired).toBe(true);
  return body.challenge;
}

export const codeStep = (t: TestApp, challenge: string, code: string) =>
  t.request("/api/auth/second-factor", { json: { challenge, code } });

export const cookieOf = (res: Response) => (res.headers.get("set-cookie") ?? "").split(";")[0]!;

import type { Deps } from "../deps";
import { tooMany } from "../errors/domain-error";
import { addressKey } from "../shared/address-key";

/**
 * Checks a password within the e-mail's and address's sign-in budgets, taking a place in both before hashing
 * and giving it back only when right, so parallel guesses never exceed the budget. A null hash (unknown or
 * inactive account) is checked against a dummy at the same cost.
 */
export async function throttledVerify(
  deps: Deps,
  input: { email: string; ip: string | null; password: string; hash: string | null; refusal: string },
): Promise<boolean> {
  const { loginByEmail, loginByIp } = deps.limiters;
  const client = addressKey(input.ip ?? "unknown");
  const byEmail = loginByEmail.reserve(input.email.toLowerCase());
  if (byEmail.wait > 0) throw tooMany(byEmail.wait, input.refusal);
  const byIp = loginByIp.reserve(client);
  if (byIp.wait > 0) {
    byEmail.release();
    throw tooMany(byIp.wait, input.refusal);
  }
  let ok: boolean;
  try {
    ok = input.hash
      ? await deps.passwords.verify(input.password, input.hash, client)
      : await deps.passwords.verifyDummy(input.password, client);
  } catch (err) {
    byEmail.release(); // refused by a full queue: nothing was verified
    byIp.release();
    throw err;
  }
  if (ok) {
    byEmail.release();
    byIp.release();
  }
  return ok;
}

export const SIGN_IN_REFUSAL = "Too many failed sign-in attempts. Please try again later.";
export const PASSWORD_REFUSAL = "Too many incorrect passwords. Please try again later.";

import type { Deps } from "../deps";
import { tooMany } from "../errors/domain-error";
import { addressKey } from "../shared/address-key";

const CODE_REFUSAL = "Too many incorrect codes. Please try again later.";

/**
 * Runs a second-factor check within the account's and address's budgets, a place taken first and given back
 * only when the code was right or the check threw. Separate from the password's budget, so a right password,
 * which clears that one, never buys more guesses at the code.
 */
export function throttledCode<T>(
  deps: Pick<Deps, "limiters">,
  input: { userId: number; ip: string | null },
  check: () => T | null,
): T | null {
  const { codeByUser, codeByIp } = deps.limiters;
  const byUser = codeByUser.reserve(String(input.userId));
  if (byUser.wait > 0) throw tooMany(byUser.wait, CODE_REFUSAL);
  const byIp = codeByIp.reserve(addressKey(input.ip ?? "unknown"));
  if (byIp.wait > 0) {
    byUser.release();
    throw tooMany(byIp.wait, CODE_REFUSAL);
  }
  let result: T | null;
  try {
    result = check();
  } catch (err) {
    byUser.release();
    byIp.release();
    throw err;
  }
  if (result !== null) {
    byUser.release();
    byIp.release();
  }
  return result;
}

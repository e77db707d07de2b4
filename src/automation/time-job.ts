import type { Deps } from "../deps";
import { everyMs, passRunner } from "../jobs/pass-runner";
import { mailCtxOf } from "../conversation/notify";
import { runTimeRules } from "./time-rules";

/** Time rules are checked this often; a rule due in between fires at the next pass. */
const TIME_RULES_EVERY_MS = 60_000;

/** Runs one time-rule pass now and then every minute, waking the mailer when a rule queued mail. */
export function startTimeRulesJob(deps: Deps) {
  const runner = passRunner("automation time rules", async () => {
    const now = deps.now();
    const fired = await runTimeRules({
      db: deps.db,
      now,
      env: { mail: mailCtxOf(deps, now) },
      inWriteTurn: (write) => deps.groupCommit.inTurn(write),
    });
    if (fired > 0) deps.wakeMailer?.();
  });
  return everyMs(runner, TIME_RULES_EVERY_MS);
}

import { TZDate } from "@date-fns/tz";
import type { Deps } from "../deps";
import { mergeWordsStep, wordsStructure } from "../../db/search-index";
import { getServiceLevels } from "../service-levels/sla-settings";
import { everyMs, passRunner } from "./pass-runner";

/** Looked at this often; a merge starts only in the office's night, when few writes wait behind its steps. */
const CHECK_EVERY_MS = 10 * 60_000;
const NIGHT = { from: 2, to: 5 };
/** Between steps: requests and their writes go first. */
const STEP_PAUSE_MS = 20;

/** The office's date and hour at `at`. */
function officeClock(timeZone: string, at: Date) {
  const t = new TZDate(at.getTime(), timeZone);
  return { day: `${t.getFullYear()}-${t.getMonth() + 1}-${t.getDate()}`, hour: t.getHours() };
}

/**
 * Every write to the word index adds a segment, and FTS5 merges them only so far: a search then reads each
 * word's postings from many segments. Once a night, if the index changed since, it is merged into one
 * segment, in short steps taken in the write order between other writes.
 */
export function startSearchMerge(deps: Deps) {
  // each merge rewrites the whole index: one a night at most, and none when nothing was indexed since
  const last = { day: "", structure: null as Uint8Array | null };
  const unchanged = () => {
    const now = wordsStructure(deps.sqlite);
    return last.structure !== null && now !== null && Buffer.from(now).equals(Buffer.from(last.structure));
  };
  const runner = passRunner("search index merge", async () => {
    const { day, hour } = officeClock(getServiceLevels(deps.db).calendar.timeZone, deps.now());
    if (hour < NIGHT.from || hour >= NIGHT.to || day === last.day || unchanged()) return;
    for (let first = true; !runner.stopped(); first = false) {
      const more = await deps.groupCommit.inTurn(() => mergeWordsStep(deps.sqlite, first));
      if (!more) {
        Object.assign(last, { day, structure: wordsStructure(deps.sqlite) });
        return;
      }
      await Bun.sleep(STEP_PAUSE_MS);
    }
  });
  // not at start: a server restarted in the night serves a while before it merges
  return everyMs(runner, CHECK_EVERY_MS, "later");
}

// Helper process for the several-writers test: read-then-write transactions against the app's database, as a backup job or CLI would.
import { openDatabase } from "../../db/client";

const [path, countArg] = process.argv.slice(2);
const { sqlite } = openDatabase(path!);
sqlite.exec("CREATE TABLE IF NOT EXISTS hardening_scratch (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)");
const bump = sqlite.transaction(() => {
  const row = sqlite.query("SELECT coalesce(max(n), 0) AS n FROM hardening_scratch").get() as { n: number };
  sqlite.query("INSERT INTO hardening_scratch (n) VALUES (?)").run(row.n + 1);
});
let failed = 0;
for (let i = 0; i < Number(countArg); i++) {
  try {
    bump.immediate(); // BEGIN IMMEDIATE: a read that decides a write takes the write lock first
  } catch {
    failed++;
  }
  // SQLite does not queue waiters: a loop that retook the lock the instant it let go would hold it against
  // every other process until the loop ended. A real job does some work between its writes.
  Bun.sleepSync(1);
}
sqlite.close();
console.log(JSON.stringify({ failed }));

/**
 * `npm run reports:rebuild`: recounts the reports' kept counts from the tickets (DATA_DIR from the
 * environment). Safe while the server runs: one immediate transaction; writes wait for it.
 */
import { openDatabase } from "../../db/client";
import { loadConfig } from "../config";
import { rebuildReportCounts } from "./report-counts.rebuild";

const config = loadConfig(process.env);
const { sqlite } = openDatabase(config.dbPath);
const started = performance.now();
rebuildReportCounts(sqlite);
const { n } = sqlite.query<{ n: number }, []>("SELECT count(*) AS n FROM tickets").get()!;
console.log(`Report counts rebuilt from ${n} tickets in ${Math.round(performance.now() - started)} ms`);
sqlite.close();

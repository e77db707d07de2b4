import { Hono, type Context } from "hono";
import type { AppEnv } from "../../src/http/env";
import { validate } from "../../src/http/validate";
import { streamDownload } from "../../src/http/stream";
import { reportQuerySchema, type ReportKind, type ReportQuery } from "../../src/shared/schemas/reports";
import { reportCsv } from "../../src/reports/reports.csv";
import type { ReportShapes } from "../../src/shared/report-shapes";

const query = validate("query", reportQuerySchema);

/** One figure as JSON, or as a CSV download with `format=csv`. */
function answer<K extends ReportKind>(c: Context<AppEnv>, kind: K, q: ReportQuery) {
  const { reads, now } = c.get("deps");
  const value: ReportShapes[K] = reads.report(c.get("user")!, kind, q, now());
  if (q.format === "csv") {
    const name = `report-${kind}-${q.from}-${q.to}.csv`;
    return streamDownload(name, "text/csv", [reportCsv(kind, value)][Symbol.iterator]());
  }
  return c.json(value as ReportShapes[K] & object);
}

/** The Reports page's figures over the viewer's scope: staff see their tickets', admins everyone's. */
export const adminReportsApi = new Hono<AppEnv>()
  .get("/volume", query, (c) => answer(c, "volume", c.req.valid("query")))
  .get("/times", query, (c) => answer(c, "times", c.req.valid("query")))
  .get("/service-levels", query, (c) => answer(c, "service-levels", c.req.valid("query")))
  .get("/agents", query, (c) => answer(c, "agents", c.req.valid("query")))
  .get("/busiest", query, (c) => answer(c, "busiest", c.req.valid("query")))
  .get("/top", query, (c) => answer(c, "top", c.req.valid("query")))
  .get("/time-spent", query, (c) => answer(c, "time-spent", c.req.valid("query")));

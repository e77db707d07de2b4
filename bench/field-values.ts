import { Database } from "bun:sqlite";
import { join } from "node:path";
import { CALLER_TICKET, rng } from "./seed";

const PRODUCTS = ["Office", "Visio", "Project", "Acrobat", "Teams"].map((label, i) => ({
  id: `o${i + 1}`,
  label,
}));
const FIELDS = [
  { key: "product", label: "Product", kind: "select", options: PRODUCTS },
  { key: "seats", label: "Seats", kind: "number", options: [] },
  { key: "cost_centre", label: "Cost centre", kind: "text", options: [] },
  { key: "needed_by", label: "Needed by", kind: "date", options: [] },
  { key: "renewal", label: "Renewal", kind: "checkbox", options: [] },
];

/** Five values as the seeded tickets hold them, on 30 % of the draws (null: none). */
function valuesOf(r: () => number) {
  if (r() >= 0.3) return null;
  return {
    product: PRODUCTS[Math.floor(r() * PRODUCTS.length)]!.id,
    seats: 1 + Math.floor(r() * 200),
    cost_centre: `CC-${Math.floor(r() * 90) + 10}`,
    needed_by: `2026-${String(1 + Math.floor(r() * 12)).padStart(2, "0")}-15`,
    renewal: r() < 0.5,
  };
}

/** Public submissions whose values are drawn as the seeded tickets' are, so the newest tickets look like the rest. */
export function variedSubmissions(seed = 13) {
  const r = rng(seed);
  return () => {
    const customFields = valuesOf(r);
    return customFields ? { ...CALLER_TICKET, customFields } : CALLER_TICKET;
  };
}

/** The fields, and values on 30 % of the tickets, written straight into the seeded file before the server starts. */
export function addFields(dataDir: string) {
  const sqlite = new Database(join(dataDir, "helpdesk.sqlite"));
  sqlite.exec("PRAGMA busy_timeout = 5000; PRAGMA synchronous = OFF");
  const already = (sqlite.query("SELECT count(*) AS n FROM custom_fields").get() as { n: number }).n;
  if (already) return sqlite.close();
  const now = Date.now();
  const ids = FIELDS.map(
    (f, i) =>
      (
        sqlite
          .query(
            `INSERT INTO custom_fields (key, label, kind, options, required, help_text, ticket_types, visibility, position, is_active, created_at, updated_at)
             VALUES (?, ?, ?, ?, 0, '', '[]', 'public', ?, 1, ?, ?) RETURNING id`,
          )
          .all(f.key, f.label, f.kind, JSON.stringify(f.options), i + 1, now, now)[0] as { id: number }
      ).id,
  );
  const r = rng(7);
  const insert = sqlite.prepare(
    "INSERT INTO ticket_field_values (ticket_id, field_id, value_text, value_number) VALUES (?, ?, ?, ?)",
  );
  const max = (sqlite.query("SELECT max(id) AS n FROM tickets").get() as { n: number }).n;
  sqlite.transaction(() => {
    for (let t = 1; t <= max; t++) {
      const v = valuesOf(r);
      if (!v) continue;
      insert.run(t, ids[0]!, v.product, null);
      insert.run(t, ids[1]!, null, v.seats);
      insert.run(t, ids[2]!, v.cost_centre, null);
      insert.run(t, ids[3]!, v.needed_by, null);
      insert.run(t, ids[4]!, null, v.renewal ? 1 : 0);
    }
  })();
  sqlite.exec("ANALYZE");
  sqlite.close();
}

const STATUSES = ["open", "in_progress", "completed", "burnt"];
const DEPARTMENTS = ["IT", "Human Resources", "Finance", "Operations", "Sales", "Marketing", "Legal"];

/**
 * Distinct query strings of the staff list filtered by a product: `select` adds only a seats range
 * or a renewal flag (fields alone), `mixed` statuses, departments and priorities too.
 */
export function variedFieldQueries(count: number, seed = 11) {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const make = (mixed: boolean) => {
    const seen = new Set<string>();
    for (let tries = 0; seen.size < count && tries < count * 50; tries++) {
      const q = new URLSearchParams({ "cf.product": pick(PRODUCTS).id });
      if (r() < 0.7) q.set("cf.seats.min", String(Math.floor(r() * 200)));
      if (r() < 0.3) q.set("cf.renewal", pick(["yes", "no"]));
      if (mixed && r() < 0.5) q.set("status", pick(STATUSES));
      if (mixed && r() < 0.5) q.set("department", pick(DEPARTMENTS));
      if (mixed && r() < 0.3) q.set("priority", pick(["low", "medium", "high", "urgent"]));
      seen.add(q.toString());
    }
    return [...seen];
  };
  return { select: make(false), mixed: make(true) };
}

/** A public submission without custom fields, and the same with a value for each of the five. */
export const submitBodies = [
  CALLER_TICKET,
  {
    ...CALLER_TICKET,
    customFields: { product: "o2", seats: 12, cost_centre: "CC-42", needed_by: "2026-12-01", renewal: true },
  },
] as const;

import { expect, test } from "bun:test";
import { translatorFor } from "../../../src/i18n/server";
import type { TicketEvent } from "../../lib/queries/ticket-page";
import { timelineOf } from "./timeline-items";

const at = "2026-05-03T12:00:00.000Z";
const event = (action: string, oldValue: unknown, newValue: unknown) =>
  ({ id: 1, action, oldValue, newValue, at, by: "Greta Gross" }) as unknown as TicketEvent;
const texts = (lang: "en" | "de" | "fr", events: TicketEvent[]) =>
  timelineOf([], [], events, (_f, v) => v, translatorFor(lang).t).map((i) => i.kind === "event" && i.text);

test("field changes and actions read in the page's language, the office's values as typed", () => {
  const changed = event(
    "updated",
    { priority: "Low", assignedTo: null },
    { priority: "High", assignedTo: "Sam" },
  );
  const events = [changed, event("tags_changed", {}, {}), event("custom_thing", {}, {})];
  expect(texts("en", events)).toEqual([
    "Priority: Low → High; Assignee: — → Sam",
    "Tags changed",
    "custom thing",
  ]);
  expect(texts("de", events)).toEqual([
    "Priorität: Low → High; Bearbeiter: — → Sam",
    "Tags geändert",
    "custom thing",
  ]);
  expect(texts("fr", [event("created", null, null)])).toEqual(["Ticket créé"]);
});

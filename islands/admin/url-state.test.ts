import { expect, test } from "bun:test";
import { EMPTY_FILTERS } from "./filters-state";
import { parseQueueUrl, queueUrl } from "./url-state";

test("queue url – filters, view, sort and the open ticket survive a round trip", () => {
  const state = {
    filters: { ...EMPTY_FILTERS, status: "open,in_progress", search: "printer", assignedTo: "me" },
    view: "list" as const,
    sort: "priority" as const,
    order: "asc" as const,
    ticket: "WI-2026-012",
  };
  const url = queueUrl(state, "kanban");
  expect(url.startsWith("/admin?")).toBe(true);
  expect(url).toContain("ticket=WI-2026-012");
  expect(parseQueueUrl(url, "kanban")).toEqual(state);
});

test("queue url – defaults make a plain /admin and unknown values fall back", () => {
  expect(queueUrl(parseQueueUrl("/admin", "kanban"), "kanban")).toBe("/admin");
  const s = parseQueueUrl("/admin?ticket=nope&view=table&sort=x&order=up", "kanban");
  expect([s.view, s.sort, s.order, s.ticket]).toEqual(["kanban", "created", "desc", null]);
});

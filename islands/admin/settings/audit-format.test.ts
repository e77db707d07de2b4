import { describe, expect, test } from "bun:test";
import { auditChanges, auditTime, auditUser, pagerText } from "./audit-format";

describe("audit table formatting", () => {
  test("user column – System, full name, e-mail, then 'User {id}'", () => {
    expect(auditUser({ userId: null, userFirstName: "A", userLastName: "B", userEmail: "a@b.c" })).toBe(
      "System",
    );
    expect(auditUser({ userId: 3, userFirstName: "Ann", userLastName: "Lee", userEmail: "a@b.c" })).toBe(
      "Ann Lee",
    );
    expect(auditUser({ userId: 3, userFirstName: null, userLastName: null, userEmail: "a@b.c" })).toBe(
      "a@b.c",
    );
    expect(auditUser({ userId: 3, userFirstName: null, userLastName: null, userEmail: null })).toBe("User 3");
  });

  test("changes column – Created, Deleted, field lines, No changes and '-'", () => {
    expect(auditChanges(null, { name: "x" })).toEqual({ kind: "created" });
    expect(auditChanges({ name: "x" }, null)).toEqual({ kind: "deleted" });
    expect(auditChanges({ status: "open", a: 1 }, { status: "completed", a: 1 })).toEqual({
      kind: "lines",
      lines: ["status: open → completed"],
    });
    expect(auditChanges('{"a":1}', '{"a":1}')).toEqual({ kind: "none" });
    expect(auditChanges(null, null)).toEqual({ kind: "absent" });
    expect(auditChanges("{broken", '{"a":1}')).toEqual({ kind: "absent" });
  });

  test("timestamp – month/day/year with a 12-hour clock", () => {
    expect(auditTime(new Date(2026, 2, 4, 15, 5, 9).toISOString())).toBe("03/04/2026 03:05:09 PM");
  });

  test("pager – 'Showing X to Y of Z logs' and pages of 50", () => {
    expect(pagerText(3, 50, 121)).toEqual({ showing: "Showing 101 to 121 of 121 logs", pages: 3 });
    expect(pagerText(1, 50, 0)).toEqual({ showing: "Showing 0 to 0 of 0 logs", pages: 1 });
  });
});

import { describe, expect, test } from "bun:test";
import { auditChanges, auditTime, auditUserName, pagerRange } from "./audit-format";

describe("audit table formatting", () => {
  test("user column – full name, else e-mail, else nothing to name them by", () => {
    expect(auditUserName({ userFirstName: "Ann", userLastName: "Lee", userEmail: "a@b.c" })).toBe("Ann Lee");
    expect(auditUserName({ userFirstName: null, userLastName: null, userEmail: "a@b.c" })).toBe("a@b.c");
    expect(auditUserName({ userFirstName: null, userLastName: null, userEmail: null })).toBeNull();
  });

  test("changes column – created, deleted, changed fields, none and absent", () => {
    expect(auditChanges(null, { name: "x" })).toEqual({ kind: "created" });
    expect(auditChanges({ name: "x" }, null)).toEqual({ kind: "deleted" });
    expect(auditChanges({ status: "open", a: 1 }, { status: "completed", a: 1 })).toEqual({
      kind: "lines",
      lines: [{ field: "status", from: "open", to: "completed" }],
    });
    expect(auditChanges('{"a":1}', '{"a":1}')).toEqual({ kind: "none" });
    expect(auditChanges(null, null)).toEqual({ kind: "absent" });
    expect(auditChanges("{broken", '{"a":1}')).toEqual({ kind: "absent" });
  });

  test("timestamp – month/day/year with a 12-hour clock", () => {
    expect(auditTime(new Date(2026, 2, 4, 15, 5, 9).toISOString())).toBe("03/04/2026 03:05:09 PM");
  });

  test("pager – the rows shown and pages of 50", () => {
    expect(pagerRange(3, 50, 121)).toEqual({ from: 101, to: 121, total: 121, pages: 3 });
    expect(pagerRange(1, 50, 0)).toEqual({ from: 0, to: 0, total: 0, pages: 1 });
  });
});

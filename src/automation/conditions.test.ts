import { describe, expect, test } from "bun:test";
import type { TicketRow } from "../../db/schema";
import { conditionHolds, conditionsHold, type Subject } from "./conditions";

const subject = (over: Partial<TicketRow> = {}, open = true): Subject => ({
  ticket: {
    ticketType: "Supplies",
    email: "ceo@Acme.com",
    description: "Need toner",
    assignedTo: null,
    ...over,
  } as TicketRow,
  inBusinessHours: () => open,
});

describe("automation conditions", () => {
  test("conditions – is, is not and contains ignore letter case", () => {
    expect(conditionHolds({ field: "ticketType", op: "is", value: "supplies" }, subject())).toBe(true);
    expect(conditionHolds({ field: "ticketType", op: "is_not", value: "Supplies" }, subject())).toBe(false);
    expect(conditionHolds({ field: "description", op: "contains", value: "TONER" }, subject())).toBe(true);
    expect(conditionHolds({ field: "assignedTo", op: "is", value: "" }, subject())).toBe(true);
  });

  test("conditions – the requester's domain and business hours now", () => {
    expect(conditionHolds({ field: "emailDomain", op: "is", value: "acme.com" }, subject())).toBe(true);
    expect(conditionHolds({ field: "emailDomain", op: "is", value: "ceo@acme.com" }, subject())).toBe(false);
    expect(conditionHolds({ field: "businessHoursNow", op: "is", value: "no" }, subject({}, false))).toBe(
      true,
    );
  });

  test("conditions – all needs every one, any needs one, none matches every ticket", () => {
    const conditions = [
      { field: "ticketType", op: "is", value: "Supplies" },
      { field: "emailDomain", op: "is", value: "other.org" },
    ] as const;
    expect(conditionsHold({ match: "all", conditions: [...conditions] }, subject())).toBe(false);
    expect(conditionsHold({ match: "any", conditions: [...conditions] }, subject())).toBe(true);
    expect(conditionsHold({ match: "all", conditions: [] }, subject())).toBe(true);
  });
});

import { expect, test } from "bun:test";
import type { TicketRow } from "../../db/schema";
import { fillTemplate } from "./rule-mail";

const ticket = {
  ticketId: "WI-2026-001",
  firstName: "Buy cheap",
  lastName: "pills",
  status: "open",
} as TicketRow;

test("rule mail – placeholders are filled, but a requester's copy never repeats what the submitter typed", () => {
  expect(fillTemplate("{{firstName}} {{ticketId}} is {{ status }}", ticket)).toBe(
    "Buy cheap WI-2026-001 is open",
  );
  expect(fillTemplate("Hello {{firstName}} {{lastName}}, {{ticketId}}", ticket, true)).toBe(
    "Hello  , WI-2026-001",
  );
  expect(fillTemplate("{{unknown}}\u2063", ticket)).toBe("{{unknown}}");
});

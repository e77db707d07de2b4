import { expect, test } from "bun:test";
import { fillPlaceholders, unknownPlaceholders } from "./placeholders";

const values = {
  "requester.firstName": "Jane",
  "requester.name": "Jane Doe",
  "ticket.id": "WI-2026-007",
  "ticket.link": "https://desk.example.com/admin/tickets/WI-2026-007",
  "agent.firstName": "Sam",
  "agent.name": "Sam Lee",
} as const;

test("placeholders – known ones are filled (spaces inside the braces allowed), unknown ones named once each", () => {
  expect(fillPlaceholders("Hi {{requester.firstName}}, {{ ticket.id }} – {{agent.name}}", values)).toBe(
    "Hi Jane, WI-2026-007 – Sam Lee",
  );
  expect(unknownPlaceholders("{{requester.firstname}} {{ticket.id}} {{foo}} {{foo}} {{}}")).toEqual([
    "{{requester.firstname}}",
    "{{foo}}",
    "{{}}",
  ]);
  expect(unknownPlaceholders("no braces, {single} and {{ticket.link}}")).toEqual([]);
});

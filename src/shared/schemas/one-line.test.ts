import { describe, expect, test } from "bun:test";
import type { ZodType } from "zod";
import { createTicketSchema } from "./ticket";
import { bulkActionSchema, priorityUpdateSchema, statusUpdateSchema } from "./admin-ticket";
import { createApiTokenSchema, updateProfileSchema } from "./auth";
import { createUserSchema, updateUserAccessSchema } from "./user";
import { configItemSchema, updateConfigItemSchema } from "./config-item";
import { emailRoutingSchema } from "./email-routing";
import { createPublicNoteSchema, createRequesterReplySchema, createStaffNoteSchema } from "./note";
import { savedViewSchema } from "./view";
import { serviceLevelsSchema } from "./service-levels";
import { webhookSchema } from "./webhook";
import { isOneLine } from "../one-line";

const BREAKERS = ["\r\n", "\n", "\r", "\t", "\0", "\u001b", "\u007f", "\u0085", "\u009b", "\u2028", "\u2029"];
const week = [[], ...Array.from({ length: 5 }, () => [{ start: "09:00", end: "17:00" }]), []];

/** Each schema with a valid input and where its one-line fields are (a path into the input). */
const CASES: [string, ZodType, Record<string, unknown>, (string | number)[][]][] = [
  [
    "ticket",
    createTicketSchema as unknown as ZodType,
    {
      firstName: "Eve",
      lastName: "Doe",
      email: "eve@example.com",
      phone: "555-123-4567",
      companyName: "Main Office",
      location: "Room 4",
      department: "IT",
      ticketType: "IT",
      priority: "medium",
      description: "The printer is jammed again.\nSecond line stays.",
      date: "2026-03-02",
      time: "10:00",
    },
    [
      ["firstName"],
      ["lastName"],
      ["companyName"],
      ["location"],
      ["department"],
      ["ticketType"],
      ["priority"],
      ["date"],
      ["time"],
    ],
  ],
  ["status", statusUpdateSchema, { status: "open" }, [["status"]]],
  ["priority", priorityUpdateSchema, { priority: "high" }, [["priority"]]],
  ["bulk", bulkActionSchema, { action: "status", ids: [1], value: "open" }, [["value"]]],
  [
    "profile",
    updateProfileSchema,
    { firstName: "Eve", lastName: "Doe", email: "eve@example.com" },
    [["firstName"], ["lastName"]],
  ],
  ["token", createApiTokenSchema, { name: "CI" }, [["name"]]],
  [
    "user",
    createUserSchema,
    {
      email: "eve@example.com",
      firstName: "Eve",
      lastName: "Doe",
      password: "secret123",
      allowedDepartments: ["IT"],
      allowedCompanies: ["Main Office"],
    },
    [["firstName"], ["lastName"], ["allowedDepartments", 0], ["allowedCompanies", 0]],
  ],
  [
    "access",
    updateUserAccessSchema,
    { allowedDepartments: ["IT"], allowedCompanies: ["X"] },
    [
      ["allowedDepartments", 0],
      ["allowedCompanies", 0],
    ],
  ],
  [
    "config item",
    configItemSchema,
    { name: "open", label: "Open", icon: "box", bgColor: "#fff", textColor: "#000" },
    [["name"], ["label"], ["icon"], ["bgColor"], ["textColor"]],
  ],
  ["config edit", updateConfigItemSchema, { name: "open", label: "Open" }, [["name"], ["label"]]],
  ["routing rule", emailRoutingSchema, { name: "Everyone", emailAddresses: "a@example.com" }, [["name"]]],
  [
    "public note",
    createPublicNoteSchema,
    { note: "Hello\nthere", userName: "Eve", userEmail: "eve@example.com" },
    [["userName"], ["userEmail"]],
  ],
  ["saved view", savedViewSchema, { name: "Mine" }, [["name"]]],
  ["webhook", webhookSchema, { url: "https://example.com/hook", events: ["ticket.created"] }, [["url"]]],
  [
    "hours",
    serviceLevelsSchema,
    { timeZone: "UTC", week, holidays: [{ date: "2026-12-25", name: "Christmas" }], targets: {} },
    [["holidays", 0, "name"]],
  ],
];

const withValue = (
  input: Record<string, unknown>,
  path: (string | number)[],
  make: (v: string) => string,
) => {
  const copy = structuredClone(input);
  let at: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  at[last] = make(String(at[last]));
  return copy;
};

describe("one-line fields", () => {
  for (const [name, schema, valid, paths] of CASES)
    test(`${name} – every one-line field refuses line breaks and control characters, by name`, () => {
      expect(schema.safeParse(valid).success).toBe(true);
      for (const path of paths)
        for (const bad of BREAKERS) {
          const result = schema.safeParse(
            withValue(valid, path, (v) => `${v.slice(0, 2)}${bad}Bcc: x@evil.test`),
          );
          expect([path, JSON.stringify(bad), result.success]).toEqual([path, JSON.stringify(bad), false]);
          const message = result.error!.issues[0]!.message;
          expect(message).toMatch(/ must not contain line breaks or control characters$/);
          expect(result.error!.issues[0]!.path).toEqual(path);
        }
    });

  test("multi-line fields (descriptions, notes, replies) keep their line breaks", () => {
    const note = "First line\r\nSecond line\n\tindented";
    expect(createStaffNoteSchema.parse({ note }).note).toBe(note);
    expect(createRequesterReplySchema.parse({ note }).note).toBe(note);
    const ticket = CASES[0]![2];
    expect(createTicketSchema.parse(ticket).description).toContain("\n");
  });

  test("the messages name the field", () => {
    const bad = { ...CASES[0]![2], firstName: "Eve\r\nBcc: x@evil.test" };
    const result = createTicketSchema.safeParse(bad);
    expect(result.error?.issues[0]?.message).toBe(
      "First name must not contain line breaks or control characters",
    );
  });

  test("ordinary text of any script, emoji and spaces is one line", () => {
    for (const text of ["Zoë O'Brien-Łukasz", "山田 太郎", "مرحبا", "🙂 Team", "a b  c", "x\u200By"])
      expect([text, isOneLine(text)]).toEqual([text, true]);
  });
});

import { afterEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { createTestApp, type TestApp } from "../testing/test-app";
import { insertTicket } from "../tickets/admin-tickets.fixtures";

let t: TestApp | undefined;
afterEach(() => t?.close());

type Item = { id: number; name: string; label?: string };
const list = async (app: TestApp, cookie: string, kind: string) =>
  (await (await app.request(`/api/admin/config/${kind}`, { cookie })).json()) as Item[];
const words = (items: Item[]) => items.map((i) => i.label ?? i.name);
const officeSpeaks = async (app: TestApp, cookie: string, language: string) =>
  expect(
    (await app.request("/api/admin/portal/language", { method: "PUT", json: { language }, cookie })).status,
  ).toBe(200);

test("a new office choosing German gets the built-in lists in German; what it typed stays", async () => {
  t = await createTestApp();
  const admin = await t.loginAs("admin");
  const finance = await t.createUser({ email: "fin@example.com", allowedDepartments: ["Finance"] });
  const sales = (await list(t, admin, "departments")).find((d) => d.name === "Sales")!;
  const typed = await t.request(`/api/admin/config/departments/${sales.id}`, {
    method: "PUT",
    json: { name: "Sales North" },
    cookie: admin,
  });
  expect(typed.status).toBe(200);
  await officeSpeaks(t, admin, "de");
  expect(words(await list(t, admin, "departments"))).toEqual([
    "IT",
    "Personal",
    "Finanzen",
    "Betrieb",
    "Sales North",
    "Marketing",
    "Recht",
  ]);
  expect(words(await list(t, admin, "types"))).toEqual(["IT", "Lizenzen", "Material", "Dienstleistungen"]);
  expect(words(await list(t, admin, "priorities"))).toEqual(["Niedrig", "Mittel", "Hoch", "Dringend"]);
  expect(words(await list(t, admin, "statuses"))).toContain("Offen");
  // staff access follows the department's new name, and a later change of mind follows too
  const access = () => t!.db.select().from(users).where(eq(users.id, finance.id)).get()!.allowedDepartments;
  expect(access()).toEqual(["Finanzen"]);
  await officeSpeaks(t, admin, "fr");
  expect(words(await list(t, admin, "departments"))).toContain("Ressources humaines");
  expect(access()).toEqual(["Finances"]);
});

test("once a ticket exists, the office's language leaves its lists as they are", async () => {
  t = await createTestApp();
  const admin = await t.loginAs("admin");
  insertTicket(t, { ticketId: "WI-2026-001" });
  await officeSpeaks(t, admin, "es");
  expect(words(await list(t, admin, "departments"))).toContain("Human Resources");
  expect(words(await list(t, admin, "priorities"))).toEqual(["Low", "Medium", "High", "Urgent"]);
});

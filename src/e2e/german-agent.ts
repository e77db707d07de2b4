import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { ADMIN, signIn } from "./server";
import { createTicket } from "./portal-helpers";

type NewContext = (o: { extraHTTPHeaders: Record<string, string> }) => Promise<APIRequestContext>;
export type Agent = { email: string; password: string; firstName: string; lastName: string };

/** A staff member who sees every ticket and chose German in Profile, and one ticket to look at. */
export async function germanAgentWithTicket(newContext: NewContext, url: string, agent: Agent) {
  const admin = await newContext({ extraHTTPHeaders: { Origin: url } });
  expect((await admin.post(`${url}/api/login`, { data: ADMIN })).status()).toBe(200);
  const created = await admin.post(`${url}/api/admin/users`, {
    data: { ...agent, role: "staff", canViewAllTickets: true },
  });
  expect(created.status()).toBe(201);
  const { ticketId } = await createTicket(admin, url);
  const own = await newContext({ extraHTTPHeaders: { Origin: url } });
  const login = { email: agent.email, password: agent.password };
  expect((await own.post(`${url}/api/login`, { data: login })).status()).toBe(200);
  expect((await own.put(`${url}/api/auth/language`, { data: { language: "de" } })).status()).toBe(200);
  await admin.dispose();
  await own.dispose();
  return ticketId;
}

export const seriousAxe = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => v.id);

/** Both widths the staff area is checked at: a desktop and a phone. */
export async function axeAtBothWidths(page: Page) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await seriousAxe(page), `axe at ${width}px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The admin, whose Profile language is German, on Settings at this width: its tab list to pick from. */
export async function germanSettings(page: Page, url: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await signIn(page, url);
  await page.getByRole("tab", { name: "Einstellungen" }).click();
  return page.getByRole("tablist", { name: "Einstellungen" });
}

import type { APIRequestContext, Page } from "@playwright/test";

export const PORTAL_ENV = {
  RATE_LIMIT_PUBLIC_WRITES: "1000",
  RATE_LIMIT_PUBLIC_SEARCH: "1000",
  RATE_LIMIT_PUBLIC_READS: "1000",
};

/** Creates a ticket through the public API, as another visitor would. */
export async function createTicket(
  request: APIRequestContext,
  base: string,
  over: Record<string, unknown> = {},
) {
  const res = await request.post(`${base}/api/tickets`, {
    data: {
      firstName: "Jane",
      lastName: "Doe",
      email: "jane@example.com",
      phone: "555-123-4567",
      companyId: 1,
      companyName: "Main Office",
      department: "IT",
      ticketType: "IT",
      priority: "medium",
      description: "Printer on floor two is jammed again.",
      ...over,
    },
  });
  if (res.status() !== 201) throw new Error(`create failed ${res.status()} ${await res.text()}`);
  return (await res.json()) as { id: number; ticketId: string };
}

/** Fills every required field of the Submit tab with valid values. */
export async function fillTicketForm(page: Page) {
  await page.getByLabel("First Name").fill("Sam");
  await page.getByLabel("Last Name").fill("Lee");
  await page.getByLabel("Email Address").fill("sam.lee@example.com");
  await page.getByLabel("Phone Number").pressSequentially("5559876543");
  await page.getByLabel("Department").selectOption("Finance");
  await page.locator("label", { hasText: "Licensing" }).click();
  await page.getByLabel("Description of Request").fill("Need two more licences for the accounting tool.");
}

export async function track(page: Page, mode: "Ticket ID" | "Email Address" | "Phone Number", query: string) {
  await page.getByRole("tab", { name: "Track Your Tickets" }).click();
  await page.getByLabel("Search by").selectOption({ label: mode });
  await page.getByLabel(mode, { exact: true }).fill(query);
  await page.getByRole("button", { name: "Search" }).click();
}

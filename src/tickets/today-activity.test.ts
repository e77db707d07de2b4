import { afterEach, beforeEach, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../testing/test-app";
import { submit } from "./tickets.fixtures";

let t: TestApp;
let admin: string;
let clock = new Date();
beforeEach(async () => {
  clock = new Date();
  t = await createTestApp({ now: () => clock });
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

type Today = {
  newTickets: number;
  solvedTickets: number;
  newTicketsList: { ticketId: string }[];
  solvedTicketsList: { ticketId: string }[];
};
const today = async () =>
  (await (await t.request("/api/admin/tickets/today", { cookie: admin })).json()) as Today;

test("today – the greeting card's lists follow every change and the calendar day", async () => {
  expect(await today()).toMatchObject({ newTickets: 0, solvedTickets: 0 });
  const { id, ticketId } = await submit(t);
  expect(await today()).toMatchObject({ newTickets: 1, solvedTickets: 0, newTicketsList: [{ ticketId }] });
  await t.request(`/api/admin/tickets/${id}/status`, {
    method: "PUT",
    json: { status: "completed" },
    cookie: admin,
  });
  expect(await today()).toMatchObject({ newTickets: 1, solvedTickets: 1, solvedTicketsList: [{ ticketId }] });
  expect(await today()).toMatchObject({ newTickets: 1, solvedTickets: 1 }); // asked again, same answer

  // Nothing written since, but it is tomorrow now: yesterday's tickets are not today's.
  clock = new Date(clock.getTime() + 24 * 3_600_000);
  expect(await today()).toMatchObject({
    newTickets: 0,
    solvedTickets: 0,
    newTicketsList: [],
    solvedTicketsList: [],
  });
});

import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { open, signIn, startServer, type TestServer } from "./server";
import { createTicket, PORTAL_ENV } from "./portal-helpers";
import { startSmtpSink, type SmtpSink } from "../testing/smtp-sink";

let server: TestServer;
let sink: SmtpSink;
test.beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startServer({ ...PORTAL_ENV, SMTP_URL: sink.url }, { ownPublicUrl: true });
});
test.afterAll(async () => {
  await server.stop();
  await sink.stop();
});

test("a requester rates 'bad' from the resolved e-mail, adds a comment, and staff see it on the ticket", async ({
  page,
  browser,
  request,
}) => {
  const ticket = await createTicket(request, server.url, { email: "rater@example.com" });
  await signIn(page, server.url);
  const done = await page.request.put(`${server.url}/api/admin/tickets/${ticket.id}/status`, {
    data: { status: "completed" },
  });
  expect(done.status()).toBe(200);
  const mail = await sink.waitFor(
    (m) => m.to.includes("rater@example.com") && m.parsed.subject!.includes("Your ticket is resolved"),
    15_000,
  );
  const text = String(mail.parsed.text);
  expect(text).toContain("How did we do?");
  const link = text.match(/https?:\/\/\S+\/t\/[a-z2-7]{32}\?rate=bad/)![0];

  const requester = await browser.newContext();
  const mine = await requester.newPage();
  await open(mine, link);
  await expect(mine.getByRole("status")).toHaveText("Thank you for your answer");
  await expect(mine.getByRole("button", { name: "Bad" })).toHaveAttribute("aria-pressed", "true");
  expect(new URL(mine.url()).search).toBe("");
  await mine.getByLabel("Anything you would like to add? (optional)").fill("Took three days.");
  await mine.getByRole("button", { name: "Send comment" }).click();
  await expect(mine.getByRole("status")).toHaveText("Thank you, your comment was added");
  const axe = await new AxeBuilder({ page: mine }).analyze();
  expect(
    axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
  ).toEqual([]);
  await requester.close();

  await open(page, `${server.url}/admin/tickets/${ticket.ticketId}`);
  const rating = page.getByRole("region", { name: "Satisfaction" });
  await expect(rating).toContainText("Requester's rating: Bad");
  await expect(rating).toContainText("Took three days.");
});

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
test.describe.configure({ mode: "serial", timeout: 120_000 });

test("merge – merge two tickets from the dialog; the old private link opens the new ticket", async ({
  page,
  request,
}) => {
  const old = await createTicket(request, server.url, {
    email: "old@example.com",
    description: "Printer jams (first report)",
  });
  const target = await createTicket(request, server.url, {
    email: "old@example.com",
    description: "Printer jams (second report)",
  });
  const mail = await sink.waitFor(
    (m) => m.to.includes("old@example.com") && m.parsed.subject!.includes(old.ticketId),
    15_000,
  );
  const link = String(mail.parsed.text).match(/\/t\/[a-z2-7]{32}/)![0];

  await signIn(page, server.url);
  await open(page, `${server.url}/admin?view=list&ticket=${old.ticketId}`);
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Merge into ticket").fill(target.ticketId);
  await dialog.getByRole("button", { name: "Merge", exact: true }).click();
  await expect(dialog.getByTestId("merged-into")).toContainText(`merged into ${target.ticketId}`);
  await expect(dialog.getByLabel("Status", { exact: true })).toHaveValue("completed");

  await open(page, `${server.url}${link}`);
  await expect(page.getByRole("heading", { name: `Your ticket ${target.ticketId}` })).toBeVisible();
  await expect(page.getByText("Printer jams (second report)")).toBeVisible();
});

test("links – a child shows on its parent with status; closing the parent asks about the open child", async ({
  page,
  request,
}) => {
  const parent = await createTicket(request, server.url, { description: "Office move (parent)" });
  const child = await createTicket(request, server.url, { description: "Move the printer (child)" });
  await signIn(page, server.url);
  await open(page, `${server.url}/admin?view=list&ticket=${parent.ticketId}`);
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Link ticket").fill(child.ticketId);
  await dialog.getByLabel("As its").selectOption("child");
  await dialog.getByRole("button", { name: "Link", exact: true }).click();
  await expect(dialog.getByTestId("ticket-links")).toContainText(`Child${child.ticketId}Open`);
  let asked = "";
  page.once("dialog", (d) => {
    asked = d.message();
    void d.dismiss();
  });
  await dialog.getByLabel("Status", { exact: true }).selectOption("completed");
  await expect.poll(() => asked).toContain(`1 open child ticket (${child.ticketId})`);
  await expect(dialog.getByLabel("Status", { exact: true })).toHaveValue("open");
  page.once("dialog", (d) => void d.accept());
  await dialog.getByLabel("Status", { exact: true }).selectOption("completed");
  await expect(dialog.getByLabel("Status", { exact: true })).toHaveValue("completed");
});

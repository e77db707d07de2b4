import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { createTicket, PORTAL_ENV } from "./portal-helpers";
import { signIn, startServer, toast, type TestServer } from "./server";

let server: TestServer;
test.beforeAll(async () => (server = await startServer(PORTAL_ENV)));
test.afterAll(async () => server.stop());

/** A mail naming the ticket from the requester's address but without its reply token, read as the inbound job does. */
function forgedReply(dataDir: string, ticketId: string, text: string) {
  const script = `
    import { loadConfig } from "./src/config.ts";
    import { openDatabase } from "./db/client.ts";
    import { createDeps } from "./src/deps.ts";
    import { receiveMail } from "./src/conversation/inbound.service.ts";
    const config = loadConfig({ DATA_DIR: process.argv[1], IMAP_URL: "imap://desk%40example.com:pw@127.0.0.1:1/INBOX" });
    const { db, sqlite } = openDatabase(config.dbPath);
    const deps = createDeps({ config, db, sqlite, assetVersion: "test" });
    const mail = { messageId: "<" + crypto.randomUUID() + "@forged.example>", inReplyTo: null, references: [],
      subject: "Re: [" + process.argv[2] + "] update", from: { name: "Jane Doe", address: "jane@example.com" },
      text: process.argv[3], attachments: [] };
    const r = await receiveMail({ deps, now: new Date(), mail });
    if (r.outcome !== "stored") throw new Error(JSON.stringify(r));`;
  execFileSync(join(process.cwd(), "node_modules/.bin/bun"), ["-e", script, dataDir, ticketId, text]);
}

test("unverified sender – staff see the held reply marked, accept one and discard another", async ({
  page,
}) => {
  const t = await createTicket(page.request, server.url, { description: "My monitor flickers all day." });
  forgedReply(server.dataDir, t.ticketId, "Please wire the refund to account 42.");
  forgedReply(server.dataDir, t.ticketId, "It still flickers after the update.");
  await signIn(page, server.url);
  await page
    .getByRole("button", { name: `View ticket ${t.ticketId}` })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  const held = dialog.getByTestId("unverified-replies").getByRole("listitem");
  await expect(held).toHaveCount(2);
  const refund = held.filter({ hasText: "wire the refund" });
  await expect(refund.getByText("Unverified sender")).toBeVisible();
  await expect(refund.getByText("no reply token")).toBeVisible();
  await refund.getByRole("button", { name: "Discard" }).click();
  await expect(toast(page, "Message discarded")).toBeVisible();
  await expect(dialog.getByText("wire the refund")).toHaveCount(0);

  await held.filter({ hasText: "still flickers" }).getByRole("button", { name: "Accept" }).click();
  await expect(toast(page, "Message accepted")).toBeVisible();
  await expect(dialog.getByTestId("unverified-replies")).toHaveCount(0);
  const thread = dialog.getByTestId("detail-notes");
  await expect(
    thread.getByRole("listitem").filter({ hasText: "still flickers" }).getByText("by e-mail"),
  ).toBeVisible();
});

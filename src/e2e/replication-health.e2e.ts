import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { signIn, startServer, type TestServer } from "./server";

let server: TestServer;
let copyDir: string;
// Nothing listens here: Litestream "is down" for this server.
const deadMetrics = "http://127.0.0.1:9/metrics";
// Made here, not at load: Playwright also loads this file in its main process.
test.beforeAll(async () => {
  copyDir = mkdtempSync(join(tmpdir(), "helpdesk-e2e-copy-"));
  server = await startServer({
    LITESTREAM: "true",
    LITESTREAM_METRICS_URL: deadMetrics,
    UPLOADS_COPY_DIR: copyDir,
    REPLICATION_CHECK_SECONDS: "1",
  });
});
test.afterAll(async () => {
  await server.stop();
  rmSync(copyDir, { recursive: true, force: true });
});

test("settings – the off-box copies show their last success, and a warning once the database is 5 minutes behind", async ({
  page,
}) => {
  await signIn(page, server.url);
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("tab", { name: "Email", exact: true }).click();
  const health = page.getByTestId("replication-health");
  await expect(health).toContainText("database replicated up to never");
  await expect(health).toContainText("uploads copied");
  await expect(health).not.toContainText("uploads copied never");
  await expect(page.getByTestId("replication-warning")).toHaveCount(0); // just started: within 5 minutes
  // The replication has been failing since six minutes ago.
  const status = join(server.dataDir, "replication-status.json");
  const since = new Date(Date.now() - 6 * 60_000).toISOString();
  writeFileSync(status, JSON.stringify({ ...JSON.parse(readFileSync(status, "utf8")), since }));
  await page.reload();
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("tab", { name: "Email", exact: true }).click();
  await expect(page.getByTestId("replication-warning")).toContainText(
    "Database replication has not succeeded yet",
  );
  await expect(page.getByTestId("replication-warning")).not.toContainText("uploads copy");
});

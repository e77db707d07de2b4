import { defineConfig, devices } from "@playwright/test";
import { existsSync } from "node:fs";

const chromium =
  process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));

/** Browser tests: each file starts its own server on a temp DATA_DIR (see server.ts). */
export default defineConfig({
  testDir: ".",
  testMatch: /.*\.e2e\.ts$/,
  fullyParallel: false,
  workers: process.env.CI ? 2 : 4,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "../../test-results/e2e.json" }]],
  outputDir: "../../test-results/artifacts",
  use: {
    ...devices["Desktop Chrome"],
    launchOptions: { executablePath: chromium, args: ["--no-sandbox", "--disable-dev-shm-usage"] },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
});

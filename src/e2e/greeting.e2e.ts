import { expect, test } from "@playwright/test";
import { createServer, type Server } from "node:http";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { signIn, startServer, type TestServer } from "./server";

// Real providers on loopback: weather in Open-Meteo's format (`mode` flips it), and an AI endpoint that is down.
let mode: "down" | "snow" = "down";
let upstreamCalls = 0;
let aiCalls = 0;
let weather: Server;
let server: TestServer;
const openMeteoBody = {
  latitude: 60.17,
  longitude: 24.94,
  current_units: { temperature_2m: "°C" },
  current: {
    time: "2026-01-05T08:00",
    interval: 900,
    temperature_2m: -3.4,
    weather_code: 73,
    wind_speed_10m: 11,
  },
};

test.beforeAll(async () => {
  weather = createServer((req, res) => {
    if (req.url?.startsWith("/ai/")) {
      aiCalls += 1;
      return res.writeHead(502).end("bad gateway");
    }
    upstreamCalls += 1;
    if (mode === "down") return res.writeHead(500).end("maintenance");
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(openMeteoBody));
  });
  await new Promise<void>((ok) => weather.listen(0, "127.0.0.1", ok));
  const port = (weather.address() as { port: number }).port;
  server = await startServer({
    WEATHER_URL: `http://127.0.0.1:${port}/v1/forecast`,
    WEATHER_LOCATION: "Helsinki",
    AI_BASE_URL: `http://127.0.0.1:${port}/ai/v1`,
    AI_API_KEY: "sk-e2e",
    AI_MODEL: "e2e-model",
  });
});
test.afterAll(async () => {
  await server.stop();
  weather.close();
});

/** Writes a ticket straight into the running server's database (WAL allows a second writer). */
function insertTicketCreatedNow(dataDir: string): string {
  const script = `import { Database } from "bun:sqlite";
    const db = new Database(process.argv[1]); db.exec("PRAGMA busy_timeout = 5000"); const now = Date.now();
    db.query("INSERT INTO tickets (ticket_id, first_name, last_name, email, phone, company_name, department, ticket_type, priority, description, status, created_at, updated_at) VALUES ('WI-2099-001', 'Ada', 'Lovelace', 'ada@example.com', '555-123-4567', 'Main Office', 'IT', 'IT', 'high', 'The printer is jammed.', 'open', ?, ?)").run(now, now);`;
  execFileSync(join(process.cwd(), "node_modules/.bin/bun"), [
    "-e",
    script,
    join(dataDir, "helpdesk.sqlite"),
  ]);
  return "WI-2099-001";
}

const card = (page: import("@playwright/test").Page) => page.getByTestId("greeting-card");

test("greeting – a first visit greets by name and time of day, and says weather is unavailable when the provider is down", async ({
  page,
}) => {
  mode = "down";
  const hydrationErrors: string[] = [];
  page.on("console", (m) => /hydrat|#418|#423|#425/i.test(m.text()) && hydrationErrors.push(m.text()));
  page.on("pageerror", (e) => hydrationErrors.push(e.message));
  // an office without internet: no failed request in the network log, no error in the console
  const failures: string[] = [];
  page.on("console", (m) => m.type() === "error" && failures.push(m.text()));
  page.on("response", (r) => r.status() >= 500 && failures.push(`${r.status()} ${r.url()}`));
  await signIn(page, server.url);
  const hour = await page.evaluate(() => new Date().getHours());
  const greeting = hour < 12 ? "Good morning" : hour < 17 ? "Good afternoon" : "Good evening";
  await expect(card(page).getByRole("heading", { level: 2 })).toHaveText(`${greeting}, Admin!`);
  await expect(card(page).getByText("Here's what's new today")).toBeVisible();
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("tab", { name: "Dashboard" }).click();
  await expect(card(page).getByText("Here's what's new today")).toBeVisible(); // same visit, only another tab
  await expect(card(page).getByTestId("weather")).toHaveText("Weather unavailable");
  await expect(card(page).getByText("Built-in summary")).toBeVisible(); // the AI provider failed, the card did not
  // no provider answered, so nothing on the card is called AI
  await expect(card(page).getByRole("heading", { name: "Daily summary", exact: true })).toBeVisible();
  await expect(card(page).getByText(/\bAI\b/)).toHaveCount(0);
  expect(aiCalls).toBe(1);
  await expect(card(page).getByRole("region", { name: "Recommendations" })).toContainText("All caught up");
  await page.screenshot({ path: "test-results/greeting-unavailable.png", fullPage: true });
  expect(hydrationErrors).toEqual([]);
  expect(failures).toEqual([]);
});

test("greeting – later visits the same day say welcome back, and the weather shows once the provider answers", async ({
  page,
}) => {
  mode = "snow";
  await signIn(page, server.url);
  await expect(card(page).getByText("Here's what's new today")).toBeVisible();
  await page.reload();
  await page.waitForSelector("body[data-hydrated]");
  await expect(card(page).getByText("Welcome back. This is how things are going today")).toBeVisible();
  const w = card(page).getByTestId("weather");
  await expect(w).toContainText("-3°C");
  await expect(w).toContainText("Moderate snow fall");
  await expect(w).toContainText("Helsinki");
  await expect(w).toHaveAttribute("data-icon", "snow");
  const calls = upstreamCalls;
  await page.reload();
  await expect(card(page).getByTestId("weather")).toContainText("Helsinki");
  expect(upstreamCalls).toBe(calls); // served from the server's 30-minute cache
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: "test-results/greeting-360.png", fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
});

test("greeting – a quiet day says so, and a new ticket appears in today's list with an eye button", async ({
  page,
}) => {
  await signIn(page, server.url);
  await expect(card(page).getByText("No ticket activity yet today. Enjoy the calm!")).toBeVisible();
  const ticketId = insertTicketCreatedNow(server.dataDir);
  await page.reload();
  await page.waitForSelector("body[data-hydrated]");
  const list = card(page).getByRole("region", { name: "New today" });
  await expect(list).toContainText(ticketId);
  await expect(list.getByRole("button", { name: `View ticket ${ticketId}` })).toBeVisible();
});

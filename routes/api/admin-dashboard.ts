import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { dashboardWeather } from "../../src/dashboard/weather";
import { getDailySummary } from "../../src/dashboard/ai-summary";

/** Dashboard extras, mounted at /api/admin (requireUser already applies). */
export const adminDashboardApi = new Hono<AppEnv>()
  .get("/weather", async (c) => c.json(await dashboardWeather(c.get("deps"))))
  .get("/ai-summary", async (c) => c.json(await getDailySummary(c.get("deps"), c.get("user")!)));

import { afterEach, expect, setSystemTime, test } from "bun:test";
import { renderIsland } from "./render";
import { PageCache } from "../runtime/page-cache";
import type { IslandName } from "../../islands/registry";
import type { AuthUser, PublicConfig } from "../shared/dto";

// PageCache keeps each island's whole page per props; that is only right while the render reads
// nothing else. The clock is what a render would most likely read (greeting, ages, "today").
afterEach(() => setSystemTime());

const user: AuthUser = {
  id: 7,
  email: "sam@example.com",
  firstName: "Sam",
  lastName: "Lee",
  role: "staff",
  status: "active",
  allowedDepartments: ["IT"],
  allowedCompanies: [],
  canViewAllTickets: false,
  mustChangePassword: false,
  twoFactorEnabled: false,
  mustEnrolTwoFactor: false,
  invitedAt: null,
  language: null,
  createdAt: "2026-01-02T03:04:05.000Z",
  updatedAt: "2026-01-02T03:04:05.000Z",
};
const config: PublicConfig = {
  departments: [{ name: "IT", label: "IT" }],
  types: [{ name: "IT", label: "IT", icon: "monitor" }],
  priorities: [{ name: "high", label: "High", color: "#ef4444" }],
  companies: [{ id: 1, name: "Main Office" }],
};
const islands: [IslandName, Record<string, unknown>][] = [
  ["Portal", { config, phone: { country: "US", required: true } }],
  ["Login", {}],
  ["AdminDashboard", { initialUser: user, defaultView: "kanban" }],
  ["AdminDashboard", { initialUser: { ...user, role: "admin" }, defaultView: "list" }],
  ["Profile", { user }],
];

test.each(islands)("%s – the server render depends on its props alone, not on the clock", (name, props) => {
  setSystemTime(new Date(2026, 0, 5, 7, 15));
  const morning = renderIsland(name, props);
  setSystemTime(new Date(2026, 6, 20, 22, 45));
  expect(renderIsland(name, props)).toBe(morning);
  expect(morning.length).toBeGreaterThan(200);
});

test("kept pages: one render per key, the very bytes again, the oldest dropped past 64", () => {
  const kept = new PageCache();
  let renders = 0;
  const page = (key: string) => kept.get(key, () => `<p>${key} ${++renders}</p>`);
  const first = page("a");
  expect(new TextDecoder().decode(first)).toBe("<p>a 1</p>");
  expect(page("a")).toBe(first);
  expect(new TextDecoder().decode(page("b"))).toBe("<p>b 2</p>");
  for (let i = 0; i < 64; i++) page(`k${i}`);
  expect(kept.size).toBe(64);
  expect(new TextDecoder().decode(page("a"))).toBe(`<p>a ${renders}</p>`); // rendered again
});

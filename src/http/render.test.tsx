import { afterEach, expect, setSystemTime, test } from "bun:test";
import { renderIsland } from "./render";
import { IslandHtml } from "./island-html";
import type { IslandName } from "../../islands/registry";
import type { AuthUser, PublicConfig } from "../shared/dto";

// IslandHtml keeps each island's server HTML per props; that is only right while the render reads
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
  ["Portal", { config }],
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

test("kept HTML is per island and per props: another user's dashboard is rendered afresh", () => {
  const kept = new IslandHtml();
  const mine = kept.get("AdminDashboard", { initialUser: user, defaultView: "kanban" });
  const theirs = kept.get("AdminDashboard", {
    initialUser: { ...user, id: 8, firstName: "Alex", email: "alex@example.com" },
    defaultView: "kanban",
  });
  expect(mine).toContain("Sam");
  expect(theirs).toContain("Alex");
  expect(theirs).not.toContain("Sam");
  expect(kept.get("AdminDashboard", { initialUser: user, defaultView: "kanban" })).toBe(mine);
  expect(kept.size).toBe(2);
});

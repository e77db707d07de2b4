import { expect, test } from "bun:test";
import { withFirstLoad } from "../src/testing/first-load";
import { FIRST_LOAD_BUDGET } from "./bundle-budgets";

// What /admin fetches before the queue works: the staff bundle, its static imports and the
// AdminDashboard chunk with its own.
test("the queue's first screen loads within /admin's budget, without the board's drag library or the phone metadata of Settings", async () => {
  await withFirstLoad("staff", ["AdminDashboard"], ({ files, code, gzipBytes }) => {
    expect(files.some((f) => f.startsWith("AdminDashboard-"))).toBe(true);
    expect(gzipBytes).toBeLessThanOrEqual(FIRST_LOAD_BUDGET.admin);
    expect(code).not.toContain("sortable-chosen"); // sortablejs: the board and the list editors
    expect(code).not.toContain("country_calling_codes"); // the phone library's metadata, for Settings
  });
}, 60_000);

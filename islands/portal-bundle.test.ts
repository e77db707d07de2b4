import { expect, test } from "bun:test";
import { withFirstLoad } from "../src/testing/first-load";
import { FIRST_LOAD_BUDGET } from "./bundle-budgets";

// What the public page fetches before its first screen works: the entry and the chunks it imports
// statically (dynamic import() chunks come later, on demand).

test("the portal's first screen loads at most 98 KiB of gzip JS, without the query or schema library or any catalog", async () => {
  await withFirstLoad("portal", [], ({ code, gzipBytes, chunks }) => {
    // the budget the portal had before languages, plus the allowance for the translation runtime
    expect(gzipBytes).toBeLessThanOrEqual(FIRST_LOAD_BUDGET.portal);
    expect(code).not.toContain("No QueryClient set"); // @tanstack/react-query
    expect(code).not.toContain("$ZodType"); // zod
    // Each language's texts are a chunk of their own, fetched for the page's language only.
    expect(code).not.toContain("Welcome to the Support Portal");
    for (const text of [
      "Welcome to the Support Portal",
      "Willkommen im Support-Portal",
      "Bienvenue sur le portail",
    ])
      expect(chunks.filter((c) => c.includes(text)).length).toBe(1);
  });
}, 60_000);

import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, STAMP_FILE, bundleProblem, sourcesHash } from "./bundle-stamp";

const root = mkdtempSync(join(tmpdir(), "helpdesk-stamp-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

test("npm start – refuses a missing bundle, then a bundle older than its sources", () => {
  mkdirSync(join(root, "islands"), { recursive: true });
  mkdirSync(join(root, "src/ui"), { recursive: true });
  writeFileSync(join(root, "islands/Portal.tsx"), "export const a = 1;");
  writeFileSync(join(root, "src/ui/app.css"), "body {}");
  expect(bundleProblem(root)).toContain("missing");
  mkdirSync(join(root, "public/build"), { recursive: true });
  writeFileSync(join(root, STAMP_FILE), sourcesHash(root));
  expect(bundleProblem(root)).toBeNull();
  writeFileSync(join(root, "src/ui/app.css"), "body { color: red }");
  expect(bundleProblem(root)).toContain("older than its sources");
  writeFileSync(join(root, STAMP_FILE), sourcesHash(root));
  writeFileSync(join(root, "islands/Portal.test.tsx"), "test file, not in the bundle");
  expect(bundleProblem(root)).toBeNull();
});

test("npm start – starts the server without building, after checking the bundle", () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
    engines?: Record<string, string>;
  };
  expect(pkg.scripts.start).toBe("bun src/bundle-stamp.ts && NODE_ENV=production bun src/main.ts");
  expect(pkg.scripts.prepare).toContain("bun src/build.ts");
  expect(pkg.engines?.bun).toBeDefined();
  expect(readFileSync(join(ROOT, ".gitignore"), "utf8")).toMatch(/^bun\.lockb?$/m);
});

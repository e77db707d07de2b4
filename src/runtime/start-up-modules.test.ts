import { expect, test } from "bun:test";
import { resolve } from "node:path";

const root = resolve(import.meta.dir, "../..");

// What a fresh server process has evaluated once the app and its background jobs are loaded, before any
// request: in a process of its own, since this test runner has loaded other tests' modules.
const script = `
await import(${JSON.stringify(`${root}/src/app.ts`)});
await import(${JSON.stringify(`${root}/src/jobs/background.ts`)});
console.log(JSON.stringify(Object.keys(require.cache)));
`;

test("start-up holds no library or screen that only some requests use: they load on first use", () => {
  const child = Bun.spawnSync([process.execPath, "-e", script], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production" },
  });
  expect(child.exitCode).toBe(0);
  const loaded = JSON.parse(child.stdout.toString()) as string[];
  expect(loaded.some((m) => m.endsWith("/src/app.ts"))).toBe(true);
  const held = (part: string) => loaded.filter((m) => m.includes(part));
  expect(held("/node_modules/ldapts/")).toEqual([]); // the directory client: sign-in through LDAP
  expect(held("/node_modules/file-type/")).toEqual([]); // the signature reader: uploads
  expect(held("/node_modules/sanitize-html/")).toEqual([]); // the article sanitiser: help articles
  expect(held("/node_modules/imapflow/")).toEqual([]); // inbound mail
  expect(held("/node_modules/nodemailer/")).toEqual([]); // outbound mail
  // the staff screen's board, dialogs and Settings render on the server only once shown
  expect(held("/node_modules/sortablejs/")).toEqual([]);
  expect(held("/islands/admin/settings/SettingsTab.tsx")).toEqual([]);
  expect(held("/islands/admin/KanbanBoard.tsx")).toEqual([]);
}, 30_000);

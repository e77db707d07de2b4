import { afterEach, beforeEach, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../src/testing/test-app";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

// the smallest valid PNG: one transparent pixel
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (ch) => ch.charCodeAt(0),
);
const upload = (name: string, bytes: BlobPart, cookie = admin) => {
  const fd = new FormData();
  fd.append("file", new File([bytes], name));
  return t.request("/api/admin/kb/images", { body: fd, cookie });
};
const article = (body: string, extra: Record<string, unknown> = {}) =>
  t.request("/api/admin/kb/articles", {
    cookie: admin,
    json: { title: `Screenshot ${Math.random()}`, body, status: "published", visibility: "public", ...extra },
  });

test("an admin uploads an image; it is shown on the portal only while a published public article uses it", async () => {
  const res = await upload("tray two.png", PNG);
  expect(res.status).toBe(201);
  const { url, markdown } = (await res.json()) as { url: string; markdown: string };
  expect(url).toMatch(/^\/help\/images\/[0-9a-f]{32}\.png$/);
  expect(markdown).toBe(`![tray two.png](${url})`);
  // nobody outside has seen it yet: not public
  expect((await t.request(url)).status).toBe(404);
  const staff = await t.loginAs("staff");
  const forStaff = await t.request(url, { cookie: staff });
  expect(forStaff.status).toBe(200);
  expect(new Uint8Array(await forStaff.arrayBuffer())).toEqual(PNG);

  const draft = (await (await article(`Open the tray.\n\n${markdown}`, { status: "draft" })).json()) as {
    id: number;
    slug: string;
  };
  expect((await t.request(url)).status).toBe(404);
  const staffOnly = await article(`Internal.\n\n${markdown}`, { visibility: "staff" });
  expect(staffOnly.status).toBe(201);
  expect((await t.request(url)).status).toBe(404);

  const put = await t.request(`/api/admin/kb/articles/${draft.id}`, {
    cookie: admin,
    method: "PUT",
    json: {
      title: "Tray two",
      body: `Open the tray.\n\n${markdown}`,
      status: "published",
      visibility: "public",
    },
  });
  expect(put.status).toBe(200);
  const shown = await t.request(url);
  expect(shown.status).toBe(200);
  expect(shown.headers.get("content-type")).toBe("image/png");
  expect(shown.headers.get("x-content-type-options")).toBe("nosniff");
  const page = await (await t.request(`/help/${draft.slug}`)).text();
  expect(page).toContain(`<img src="${url}" alt="tray two.png"`);
});

test("only images are taken, by their bytes: HTML or SVG named .png, a PDF, an empty form are refused", async () => {
  expect((await upload("x.png", "<html><script>alert(1)</script></html>")).status).toBe(415);
  expect(
    (await upload("x.svg", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')).status,
  ).toBe(400);
  expect((await upload("x.pdf", "%PDF-1.4\n%EOF")).status).toBe(415);
  const empty = await t.request("/api/admin/kb/images", { body: new FormData(), cookie: admin });
  expect(empty.status).toBe(400);
  expect((await t.request("/api/admin/kb/images", { json: {}, cookie: admin })).status).toBe(415);
});

test("staff cannot upload article images; an unknown or malformed image address is the 404 page", async () => {
  const staff = await t.loginAs("staff");
  expect((await upload("a.png", PNG, staff)).status).toBe(403);
  expect((await t.request(`/help/images/${"0".repeat(32)}.png`, { cookie: admin })).status).toBe(404);
  expect((await t.request("/help/images/..%2F..%2Fhelpdesk.sqlite", { cookie: admin })).status).toBe(404);
});

const put = (id: number, body: string, extra: Record<string, unknown> = {}) =>
  t.request(`/api/admin/kb/articles/${id}`, {
    cookie: admin,
    method: "PUT",
    json: { title: `Tray ${id}`, body, status: "published", visibility: "public", ...extra },
  });
const uploaded = async () =>
  (await (await upload("shot.png", PNG)).json()) as { url: string; markdown: string };
const created = async (body: string, extra: Record<string, unknown> = {}) =>
  ((await (await article(body, extra)).json()) as { id: number }).id;

test("a visitor's image is hidden once its only public article is unpublished, made staff-only, edited without it or deleted", async () => {
  const { url, markdown } = await uploaded();
  const id = await created(`See:\n\n${markdown}`);
  expect((await t.request(url)).status).toBe(200);
  expect((await put(id, `See:\n\n${markdown}`, { status: "draft" })).status).toBe(200);
  expect((await t.request(url)).status).toBe(404);
  expect((await put(id, `See:\n\n${markdown}`)).status).toBe(200);
  expect((await t.request(url)).status).toBe(200);
  expect((await put(id, `See:\n\n${markdown}`, { visibility: "staff" })).status).toBe(200);
  expect((await t.request(url)).status).toBe(404);
  expect((await put(id, `See:\n\n${markdown}`)).status).toBe(200);
  expect((await put(id, "No picture any more.")).status).toBe(200);
  expect((await t.request(url)).status).toBe(404);
  expect((await put(id, `Back:\n\n${markdown}`)).status).toBe(200);
  expect((await t.request(url)).status).toBe(200);
  // a second public article keeps it shown when the first goes
  const other = await created(`Also ${url} here`);
  expect((await t.request(`/api/admin/kb/articles/${id}`, { cookie: admin, method: "DELETE" })).status).toBe(
    200,
  );
  expect((await t.request(url)).status).toBe(200);
  expect(
    (await t.request(`/api/admin/kb/articles/${other}`, { cookie: admin, method: "DELETE" })).status,
  ).toBe(200);
  expect((await t.request(url)).status).toBe(404);
});

/** Which article shows which uploaded image, found by searching every body for every image's address. */
const scanned = () =>
  t.sqlite
    .query<{ article_id: number; token: string }, []>(
      `SELECT a.id AS article_id, i.token FROM kb_articles a JOIN kb_images i
       ON instr(a.body, '/help/images/' || i.token) > 0 ORDER BY 1, 2`,
    )
    .all();
const recorded = () =>
  t.sqlite
    .query<{ article_id: number; token: string }, []>(
      "SELECT article_id, token FROM kb_article_images ORDER BY 1, 2",
    )
    .all();

test("the recorded image uses equal a scan of the bodies through creates, edits and deletes", async () => {
  const images = await Promise.all([uploaded(), uploaded(), uploaded()]);
  const [a, b, c] = images.map((i) => i.markdown) as [string, string, string];
  const ids = [
    await created(`${a}\n${b}\n${a}`),
    await created(`absolute https://help.example${images[2]!.url} and ${b}`, { status: "draft" }),
    await created("nothing", { visibility: "staff" }),
  ];
  expect(recorded().length).toBe(4);
  expect(recorded()).toEqual(scanned());
  expect((await put(ids[0]!, `${c}`)).status).toBe(200);
  expect((await put(ids[2]!, `${a} ${b} ${c}`, { visibility: "staff" })).status).toBe(200);
  expect(recorded()).toEqual(scanned());
  expect(
    (await t.request(`/api/admin/kb/articles/${ids[2]}`, { cookie: admin, method: "DELETE" })).status,
  ).toBe(200);
  expect(recorded()).toEqual(scanned());
  expect(recorded().length).toBe(3);
});

test("the migration records the images of articles written before it", async () => {
  const images = await Promise.all([uploaded(), uploaded()]);
  await created(`${images[0]!.markdown} twice ${images[0]!.markdown} and ${images[1]!.url}`);
  await created(`${images[1]!.markdown}`, { status: "draft" });
  await created("/help/images/not-a-token /help/images/");
  const expected = scanned();
  expect(expected.length).toBe(3);
  const dir = `${import.meta.dir}/../../db/migrations`;
  const files = [...new Bun.Glob("*.sql").scanSync(dir)].sort();
  const sql = await Promise.all(files.map((f) => Bun.file(`${dir}/${f}`).text()));
  const block = sql.find((s) => s.includes("INSERT OR IGNORE INTO kb_article_images"));
  const backfill = block!.slice(block!.lastIndexOf("-- hand-written"));
  t.sqlite.run("DELETE FROM kb_article_images");
  t.sqlite.run(backfill.replaceAll("--> statement-breakpoint", ""));
  expect(recorded()).toEqual(expected);
});

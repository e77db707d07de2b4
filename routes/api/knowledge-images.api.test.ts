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

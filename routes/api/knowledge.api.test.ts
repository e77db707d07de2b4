import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { auditLogs, kbDeflections, kbRevisions } from "../../db/schema";
import { KEPT_REVISIONS } from "../../src/knowledge/articles.service";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

type Hit = { id: number; slug: string; title: string; excerpt: string };
const publish = async (input: Record<string, unknown>) => {
  const res = await t.request("/api/admin/kb/articles", {
    cookie: admin,
    json: { status: "published", visibility: "public", body: "", ...input },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; slug: string };
};
const suggest = async (q: string) => {
  const res = await t.request(`/api/help/suggestions?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { articles: Hit[] }).articles;
};

describe("knowledge base", () => {
  test("an admin publishes an article; the portal shows it by slug and in its index", async () => {
    const a = await publish({
      title: "Reset your VPN password",
      category: "Accounts",
      body: "Open **VPN** settings.",
    });
    expect(a.slug).toBe("reset-your-vpn-password");
    const page = await t.request("/help/reset-your-vpn-password");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<title>Reset your VPN password – Help articles</title>");
    expect(html).toContain("<strong>VPN</strong>");
    const index = await (await t.request("/help")).text();
    expect(index).toContain('href="/help/reset-your-vpn-password"');
    expect(index).toContain("Accounts");
    const sitemap = await (await t.request("/sitemap.xml")).text();
    expect(sitemap).toContain("/help/reset-your-vpn-password</loc>");
  });

  test("the kept help pages follow every change to an article: title, status and deletion", async () => {
    const a = await publish({ title: "Badge reader beeps", category: "Facilities", body: "Hold it still." });
    const put = (input: Record<string, unknown>) =>
      t.request(`/api/admin/kb/articles/${a.id}`, {
        cookie: admin,
        method: "PUT",
        json: { title: "Badge reader beeps", category: "Facilities", body: "Hold it still.", ...input },
      });
    expect(await (await t.request("/help")).text()).toContain("Badge reader beeps");
    expect(await (await t.request(`/help/${a.slug}`)).text()).toContain("Hold it still.");
    expect(
      (await put({ title: "Badge reader beeps twice", status: "published", body: "Wait a second." })).status,
    ).toBe(200);
    expect(await (await t.request("/help")).text()).toContain("Badge reader beeps twice");
    expect(await (await t.request(`/help/${a.slug}`)).text()).toContain("Wait a second.");
    expect((await put({ status: "draft" })).status).toBe(200);
    expect(await (await t.request("/help")).text()).not.toContain("Badge reader");
    expect((await t.request(`/help/${a.slug}`)).status).toBe(404);
    expect((await put({ status: "published" })).status).toBe(200);
    expect(await (await t.request("/help")).text()).toContain("Badge reader");
    const gone = await t.request(`/api/admin/kb/articles/${a.id}`, { cookie: admin, method: "DELETE" });
    expect(gone.status).toBe(200);
    expect(await (await t.request("/help")).text()).not.toContain("Badge reader");
  });

  test("the index shows each category's first titles with a link to all of them, paged", async () => {
    for (let i = 0; i < 61; i++)
      await publish({ title: `Toner model ${String(i).padStart(2, "0")}`, category: "Supplies" });
    const index = await (await t.request("/help")).text();
    expect(index).toContain("Toner model 09");
    expect(index).not.toContain("Toner model 10");
    expect(index).toContain('href="/help?category=Supplies"');
    expect(index).toContain("All 61 articles in Supplies");
    const first = await (await t.request("/help?category=Supplies")).text();
    expect(first).toContain("Toner model 49");
    expect(first).not.toContain("Toner model 50");
    expect(first).toContain('href="/help?category=Supplies&amp;page=2"');
    const second = await (await t.request("/help?category=Supplies&page=2")).text();
    expect(second).toContain("Toner model 60");
    expect(second).not.toContain("Toner model 49");
  });

  test("drafts and staff-only articles never reach the portal, its search, suggestions or sitemap", async () => {
    await publish({ title: "Printer jam in tray two", body: "Open the printer door" });
    const staffOnly = await publish({
      title: "Printer admin password",
      body: "printer secret",
      visibility: "staff",
    });
    const draft = await publish({ title: "Printer draft notes", body: "printer draft", status: "draft" });
    const titles = (await suggest("printer")).map((h) => h.title);
    expect(titles).toEqual(["Printer jam in tray two"]);
    const search = (await (await t.request("/api/help/articles?q=printer")).json()) as { articles: Hit[] };
    expect(search.articles.map((h) => h.title)).toEqual(["Printer jam in tray two"]);
    for (const slug of [staffOnly.slug, draft.slug])
      expect((await t.request(`/help/${slug}`)).status).toBe(404);
    const index = await (await t.request("/help")).text();
    const sitemap = await (await t.request("/sitemap.xml")).text();
    const found = await (await t.request("/help?q=printer")).text();
    for (const text of [index, sitemap, found]) {
      expect(text).not.toContain("admin password");
      expect(text).not.toContain(draft.slug);
    }
    // staff see all of them
    const staff = await t.loginAs("staff", { email: "s@example.com" });
    const all = (await (await t.request("/api/admin/kb/articles?q=printer", { cookie: staff })).json()) as {
      articles: Hit[];
    };
    expect(all.articles).toHaveLength(3);
  });

  test("suggestions rank by words, find stems and survive a typo, at most three", async () => {
    await publish({ title: "Printer offline", body: "When the printer shows offline, restart the spooler." });
    await publish({
      title: "Connecting to Wi-Fi",
      body: "Choose the office network and enter the passphrase.",
    });
    await publish({ title: "Ordering toner", body: "Printers need toner; order it from supplies." });
    for (const q of ["printer", "printers", "my prnter is broken"])
      expect((await suggest(q)).map((h) => h.title)).toContain("Printer offline");
    expect((await suggest("the office network will not connect")).at(0)?.title).toBe("Connecting to Wi-Fi");
    expect(await suggest("quantum entanglement")).toEqual([]);
    for (let i = 0; i < 5; i++) await publish({ title: `Printer tip ${i}`, body: "printer" });
    expect(await suggest("printer")).toHaveLength(3);
  });

  test("staff cannot write articles; bad input is a 400 with the field named", async () => {
    const staff = await t.loginAs("staff", { email: "s@example.com" });
    const res = await t.request("/api/admin/kb/articles", { cookie: staff, json: { title: "x", body: "y" } });
    expect(res.status).toBe(403);
    const bad = await t.request("/api/admin/kb/articles", {
      cookie: admin,
      json: { title: "", body: "y", visibility: "everyone" },
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Title is required");
    const slug = await t.request("/api/admin/kb/articles", {
      cookie: admin,
      json: { title: "x", body: "y", slug: "Not A Slug" },
    });
    expect(slug.status).toBe(400);
    expect((await t.request("/api/admin/kb/articles")).status).toBe(401);
  });

  test("edits keep the last revisions and are audited without the body", async () => {
    const a = await publish({ title: "Leave requests", body: "v0" });
    for (let i = 1; i <= KEPT_REVISIONS + 3; i++) {
      const res = await t.request(`/api/admin/kb/articles/${a.id}`, {
        cookie: admin,
        method: "PUT",
        json: { title: "Leave requests", body: `v${i}`, status: "published" },
      });
      expect(res.status).toBe(200);
    }
    const got = (await (await t.request(`/api/admin/kb/articles/${a.id}`, { cookie: admin })).json()) as {
      body: string;
      revisions: { body: string }[];
    };
    expect(got.body).toBe(`v${KEPT_REVISIONS + 3}`);
    expect(got.revisions).toHaveLength(KEPT_REVISIONS);
    expect(got.revisions[0]!.body).toBe(`v${KEPT_REVISIONS + 2}`);
    expect(t.db.select().from(kbRevisions).all()).toHaveLength(KEPT_REVISIONS);
    const audit = t.db
      .select()
      .from(auditLogs)
      .all()
      .filter((r) => r.entityType === "kb_article");
    expect(audit).toHaveLength(KEPT_REVISIONS + 4);
    for (const row of audit) expect(JSON.stringify(row)).not.toContain('"body"');
  });

  test("a deleted article leaves the portal and the search index", async () => {
    const a = await publish({ title: "Expense claims", body: "receipts" });
    expect(await suggest("receipts")).toHaveLength(1);
    expect(
      (await t.request(`/api/admin/kb/articles/${a.id}`, { cookie: admin, method: "DELETE" })).status,
    ).toBe(200);
    expect(await suggest("receipts")).toEqual([]);
    expect((await t.request(`/help/${a.slug}`)).status).toBe(404);
  });

  test("deflections: 'This solved it' counts for a public article only; a miss counts once", async () => {
    const a = await publish({ title: "Password reset", body: "x" });
    const hidden = await publish({ title: "Hidden", body: "x", visibility: "staff" });
    expect(
      (await t.request("/api/help/deflections", { json: { outcome: "solved", articleId: a.id } })).status,
    ).toBe(201);
    expect(
      (await t.request("/api/help/deflections", { json: { outcome: "solved", articleId: hidden.id } }))
        .status,
    ).toBe(404);
    expect((await t.request("/api/help/deflections", { json: { outcome: "missed" } })).status).toBe(201);
    expect((await t.request("/api/help/deflections", { json: { outcome: "maybe" } })).status).toBe(400);
    const rows = t.db.select().from(kbDeflections).all();
    expect(rows.map((r) => [r.outcome, r.articleId])).toEqual([
      ["solved", a.id],
      ["missed", null],
    ]);
  });

  test("the article page counts a view; an unknown or malformed slug is the 404 page", async () => {
    const a = await publish({ title: "Desk booking", body: "x" });
    await t.request(`/help/${a.slug}`);
    await t.request(`/help/${a.slug}`);
    await Bun.sleep(50);
    const list = (await (await t.request("/api/admin/kb/articles", { cookie: admin })).json()) as {
      articles: { id: number; views: number }[];
    };
    expect(list.articles.find((x) => x.id === a.id)?.views).toBe(2);
    expect((await t.request("/help/nope")).status).toBe(404);
    expect((await t.request("/help/..%2Fadmin")).status).toBe(404);
  });
});

test("views are written in one flush, and kept for the next one when the write fails", async () => {
  const a = await publish({ title: "Toner for the second floor", body: "x" });
  for (let i = 0; i < 3; i++) await t.request(`/help/${a.slug}`);
  const stored = () =>
    (t.sqlite.query("SELECT views FROM kb_articles WHERE id = ?").get(a.id) as { views: number }).views;
  expect(stored()).toBe(0);
  const views = t.deps.articleViews;
  await expect(views.flush(() => Promise.reject(new Error("disk full")))).rejects.toThrow("disk full");
  expect(views.pendingOf(a.id)).toBe(3);
  await views.flush((apply) => t.deps.groupCommit.run(apply));
  expect([stored(), views.pendingOf(a.id)]).toEqual([3, 0]);
  const list = (await (await t.request("/api/admin/kb/articles", { cookie: admin })).json()) as {
    articles: { id: number; views: number }[];
  };
  expect(list.articles.find((x) => x.id === a.id)?.views).toBe(3);
});

describe("knowledge figures", () => {
  test("deflections and misses in a range, views all time; a bad range is a 400", async () => {
    const a = await publish({ title: "Wi-Fi guest access", body: "x" });
    await t.request("/api/help/deflections", { json: { outcome: "solved", articleId: a.id } });
    await t.request("/api/help/deflections", { json: { outcome: "missed" } });
    await t.request("/api/help/deflections", { json: { outcome: "missed" } });
    await t.request(`/help/${a.slug}`);
    await Bun.sleep(50);
    const day = t.deps.now().toISOString().slice(0, 10);
    const next = new Date(t.deps.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    const res = await t.request(`/api/admin/kb/figures?from=${day}&to=${next}`, { cookie: admin });
    expect(await res.json()).toEqual({ solved: 1, missed: 2, views: 1 });
    const before = await t.request(`/api/admin/kb/figures?from=2001-01-01&to=2001-01-02`, { cookie: admin });
    expect(await before.json()).toEqual({ solved: 0, missed: 0, views: 1 });
    expect((await t.request(`/api/admin/kb/figures?from=${next}&to=${day}`, { cookie: admin })).status).toBe(
      400,
    );
  });
});

describe("article links for replies", () => {
  test("staff find only what a requester can open, with the help desk's own address", async () => {
    t.close();
    t = await createTestApp({ env: { PUBLIC_URL: "https://help.example.com/" } });
    admin = await t.loginAs("admin");
    await publish({ title: "Scanner jams on duplex", body: "Lift the cover." });
    await publish({ title: "Scanner admin notes", body: "scanner", visibility: "staff" });
    await publish({ title: "Scanner draft", body: "scanner", status: "draft" });
    const staff = await t.loginAs("staff");
    const res = await t.request("/api/admin/kb/articles?q=scanner&linkable=true", { cookie: staff });
    expect(res.status).toBe(200);
    const { articles } = (await res.json()) as { articles: { title: string; url: string }[] };
    expect(articles).toEqual([
      expect.objectContaining({
        title: "Scanner jams on duplex",
        url: "https://help.example.com/help/scanner-jams-on-duplex",
      }),
    ]);
    expect((await t.request("/api/admin/kb/articles?q=scanner&linkable=yes", { cookie: staff })).status).toBe(
      400,
    );
  });
});

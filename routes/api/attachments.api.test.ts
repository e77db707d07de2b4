import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { SYSTEM_ACTOR } from "../../src/audit/audit.service";
import { addAttachments } from "../../src/attachments/attachments.service";
import { fileAttachments } from "../../db/schema";
import { MAX_UPLOAD_BYTES } from "../../src/shared/constants";
import { PNG_BYTES, file, form, submit } from "../../src/tickets/tickets.fixtures";

let t: TestApp;
beforeEach(async () => (t = await createTestApp()));
afterEach(() => t.close());
const upload = (id: number, ...files: File[]) =>
  t.request("/api/tickets/upload", {
    body: form([["ticketId", String(id)], ...files.map((f) => ["files", f] as [string, File])]),
  });
const attach = (id: number, f: File) =>
  t.request(`/api/tickets/${id}/attachments`, {
    body: form([
      ["file", f],
      ["userName", "Jane"],
      ["userEmail", "jane@example.com"],
    ]),
  });
const list = async (id: number) =>
  (await (await t.request(`/api/tickets/${id}/attachments`)).json()) as {
    id: number;
    originalName: string;
    mimeType: string;
    userEmail: string;
  }[];
const uploadsDir = () => join(t.dir, "uploads");

describe("public uploads", () => {
  test("files sent after submission are listed and download byte-for-byte as attachments", async () => {
    const { id } = await submit(t);
    const res = await upload(
      id,
      file("notes.txt", "hello world", "text/html"),
      file("shot.png", PNG_BYTES, "image/svg+xml"),
    );
    expect(res.status).toBe(201);
    const rows = await list(id);
    expect(rows.map((r) => [r.originalName, r.mimeType])).toEqual([
      ["notes.txt", "text/plain"],
      ["shot.png", "image/png"],
    ]);
    const dl = await t.request(`/api/attachments/${rows[0]!.id}/download`);
    expect(dl.status).toBe(200);
    expect(await dl.text()).toBe("hello world");
    expect(dl.headers.get("content-disposition")).toStartWith('attachment; filename="notes.txt"');
    expect(dl.headers.get("x-content-type-options")).toBe("nosniff");
    expect(dl.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  });

  test("the track tab's upload stores the uploader, masked in public lists", async () => {
    const { id } = await submit(t);
    expect(
      (await attach(id, file("a.pdf", "%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF")))
        .status,
    ).toBe(201);
    expect((await list(id))[0]).toMatchObject({
      originalName: "a.pdf",
      mimeType: "application/pdf",
      userEmail: "j•••@example.com",
    });
  });

  test("10 MB is accepted, 10 MB + 1 byte is refused with a message naming the limit", async () => {
    const { id } = await submit(t);
    expect((await upload(id, file("ok.txt", new Uint8Array(MAX_UPLOAD_BYTES).fill(97)))).status).toBe(201);
    const res = await upload(id, file("big.txt", new Uint8Array(MAX_UPLOAD_BYTES + 1).fill(97)));
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe("big.txt is larger than 10MB and cannot be uploaded.");
    expect(await list(id)).toHaveLength(1);
  });

  for (const name of [
    "run.exe",
    "page.html",
    "page.htm",
    "logo.svg",
    "app.js",
    "shell.php",
    "x.sh",
    "x.bat",
    "img.webp",
    "sheet.csv",
    "book.xls",
    "book.xlsx",
    "noextension",
    "archive.tar.gz",
  ])
    test(`a public ${name} is refused and nothing is stored`, async () => {
      const { id } = await submit(t);
      const res = await upload(id, file(name, "data"));
      expect(res.status).toBe(400);
      expect((await res.json()).message).toContain("is not an accepted file type");
      expect(readdirSync(uploadsDir())).toEqual([]);
    });

  test("one bad file refuses the whole upload", async () => {
    const { id } = await submit(t);
    expect((await upload(id, file("ok.txt", "fine"), file("bad.exe", "MZ"))).status).toBe(400);
    expect(await list(id)).toEqual([]);
  });

  test("path-traversal names stay inside the uploads folder and are shown sanitised", async () => {
    const { id } = await submit(t);
    for (const name of ["../../../evil.txt", "..\\..\\evil2.txt", "/etc/passwd.txt", "a\u0000b<>.txt"])
      expect((await attach(id, file(name, "x"))).status).toBe(201);
    expect((await list(id)).map((r) => r.originalName)).toEqual([
      "evil.txt",
      "evil2.txt",
      "passwd.txt",
      "a_b__.txt",
    ]);
    const stored = t.db.select().from(fileAttachments).all();
    for (const row of stored) expect(row.filePath).toMatch(/^[0-9a-f-]{36}\.txt$/);
    expect(readdirSync(uploadsDir()).sort()).toEqual(stored.map((r) => r.fileName).sort());
    expect(readdirSync(dirname(uploadsDir())).filter((n) => n.includes("evil"))).toEqual([]);
  });

  test("active content is never served as itself: mismatched bytes become opaque", async () => {
    const { id } = await submit(t);
    await upload(
      id,
      file("fake.png", "<svg onload=alert(1)>"),
      file("page.txt", "<html><script>alert(1)</script>"),
    );
    expect((await list(id)).map((r) => r.mimeType)).toEqual([
      "application/octet-stream",
      "application/octet-stream",
    ]);
    const dl = await t.request(`/api/attachments/${(await list(id))[0]!.id}/download`);
    expect(dl.headers.get("content-type")).toBe("application/octet-stream");
    expect(dl.headers.get("content-disposition")).toStartWith("attachment");
  });

  test("internal files are never listed or downloadable publicly", async () => {
    const { id, ticketId } = await submit(t);
    const tempPath = join(t.deps.config.uploadsDir, "secret.part");
    writeFileSync(tempPath, "%PDF-1.4 x");
    const [secret] = await addAttachments({
      deps: t.deps,
      actor: SYSTEM_ACTOR,
      now: t.deps.now(),
      ticket: { id, ticketId },
      files: [{ originalName: "secret.pdf", tempPath, size: 10 }],
      isInternal: true,
    });
    expect(await list(id)).toEqual([]);
    expect((await t.request(`/api/attachments/${secret!.id}/download`)).status).toBe(404);
    expect((await t.request(`/api/attachments/999/download`)).status).toBe(404);
  });

  test("ticketId sent after the files (curl -F files=@a.txt -F ticketId=5): the files are attached", async () => {
    const { id } = await submit(t);
    const res = await t.request("/api/tickets/upload", {
      body: form([
        ["files", file("a.txt", "first")],
        ["files", file("b.txt", "second")],
        ["ticketId", String(id)],
      ]),
    });
    expect(res.status).toBe(201);
    expect((await list(id)).map((r) => r.originalName)).toEqual(["a.txt", "b.txt"]);
    expect(readdirSync(uploadsDir()).filter((f) => f.endsWith(".part"))).toEqual([]);
  });

  test("ticketId after the files naming an unknown ticket: 404 and the received files are removed", async () => {
    const res = await t.request("/api/tickets/upload", {
      body: form([
        ["files", file("a.txt", "first")],
        ["ticketId", "999"],
      ]),
    });
    expect(res.status).toBe(404);
    expect(readdirSync(uploadsDir())).toEqual([]);
  });

  test("files sent before ticketId still count against the ticket's room once it is named", async () => {
    t.deps.config.uploads.bytesPerTicket = 10;
    const { id } = await submit(t);
    const res = await t.request("/api/tickets/upload", {
      body: form([
        ["files", file("a.txt", "more than ten bytes")],
        ["ticketId", String(id)],
      ]),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe(
      "This ticket has reached its limit for attached files",
    );
    expect(readdirSync(uploadsDir())).toEqual([]);
  });

  test("bad requests: no file, no ticket, unknown ticket, not multipart", async () => {
    const { id } = await submit(t);
    expect((await t.request("/api/tickets/upload", { body: form([["ticketId", String(id)]]) })).status).toBe(
      400,
    );
    expect(
      (await t.request("/api/tickets/upload", { body: form([["files", file("a.txt", "x")]]) })).status,
    ).toBe(400);
    expect((await upload(999, file("a.txt", "x"))).status).toBe(404);
    expect((await t.request(`/api/tickets/${id}/attachments`, { json: { file: "x" } })).status).toBe(415);
    expect((await upload(id, file("empty.txt", ""))).status).toBe(400);
  });
});

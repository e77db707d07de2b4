// Uploads are never served as active content, never escape uploads/, and respect the size and type rules.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { MAX_UPLOAD_BYTES } from "../shared/constants";
import { client, integrityOk, launch, openDb, ticketInput, type Server } from "./harness";

let srv: Server;
let api: ReturnType<typeof client>;
let ticketId: number;
const upload = async (files: File[], field = "files") => {
  const form = new FormData();
  form.append("ticketId", String(ticketId));
  for (const f of files) form.append(field, f);
  return api.req("/api/tickets/upload", { body: form });
};
const uploadOne = async (name: string, body: BlobPart, type = "application/octet-stream") => {
  const res = await upload([new File([body], name, { type })]);
  const json = (await res.json()) as {
    attachments?: { id: number; originalName: string }[];
    message?: string;
  };
  return { status: res.status, json, id: json.attachments?.[0]?.id };
};
const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1,
  8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89,
]);

beforeAll(async () => {
  srv = await launch({ env: { RATE_LIMIT_PUBLIC_WRITES: "100000" } });
  api = client(srv.url);
  ticketId = ((await (await api.req("/api/tickets", { json: ticketInput() })).json()) as { id: number }).id;
}, 30_000);
afterAll(() => srv?.stop(), 15_000);

describe("serving uploads", () => {
  const active: [string, BlobPart, string][] = [
    ["a.txt", "<script>window.__xss=1</script>", "text/html"],
    ["report.pdf", "<html><body><script>window.__xss=1</script></body></html>", "application/pdf"],
    ["image.png", '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1"/>', "image/svg+xml"],
  ];
  for (const [name, body, claimed] of active)
    test(`${name} claiming ${claimed} downloads as an attachment with a server-chosen type, nosniff and a sandbox CSP`, async () => {
      const up = await uploadOne(name, body, claimed);
      expect(up.status).toBe(201);
      const res = await api.req(`/api/attachments/${up.id}/download`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-disposition")).toStartWith("attachment;");
      expect(res.headers.get("content-disposition")).toContain("filename*=UTF-8''");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toContain("sandbox");
      const type = res.headers.get("content-type") ?? "";
      expect(type).not.toMatch(/html|svg|xml|javascript/i);
      expect(type).not.toBe(claimed);
    });
});

describe("file names and paths", () => {
  const names = [
    "../../etc/passwd.txt",
    "..\\..\\x.txt",
    "%2e%2e%2fx.txt",
    "/tmp/abs.txt",
    "a.pdf\u0000.html.txt",
    "evil\u202Efdp.exe.txt",
    ".\u200Bhtaccess.txt",
    `${"n".repeat(300)}.txt`,
    ".txt",
  ];
  test("hostile file names are stored under generated names inside uploads/ and shown sanitised", async () => {
    const marker = join(tmpdir(), `hardening-marker-${Date.now()}`);
    writeFileSync(marker, "");
    const since = statSync(marker).mtimeMs;
    const uploads = realpathSync(join(srv.dataDir, "uploads"));
    const before = new Set(readdirSync(uploads));
    for (const name of names) {
      const up = await uploadOne(name, "plain text content");
      expect([201, 400]).toContain(up.status);
      for (const a of up.json.attachments ?? []) {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: a NUL byte is what must not survive
        expect(a.originalName).not.toMatch(/[\\/\u0000]/);
        expect(a.originalName.length).toBeLessThanOrEqual(255);
      }
    }
    const added = readdirSync(uploads).filter((f) => !before.has(f));
    for (const f of added) expect(f).toMatch(/^[0-9a-f-]{36}\.[a-z0-9]+$/);
    // Nothing new anywhere else under /tmp outside this server's data folder.
    const found = Bun.spawnSync([
      "find",
      tmpdir(),
      "-xdev",
      "-newer",
      marker,
      "-type",
      "f",
      "-not",
      "-path",
      `${srv.dataDir}/*`,
      "-name",
      "*passwd*",
    ])
      .stdout.toString()
      .trim();
    expect(found).toBe("");
    expect(statSync(marker).mtimeMs).toBe(since);
    rmSync(marker);
  });

  test("a poisoned filePath in the database is refused instead of reading outside uploads/", async () => {
    const up = await uploadOne("fine.txt", "fine");
    const db = openDb(srv.dataDir);
    const answers: Record<string, number> = {};
    for (const evil of [
      "../../../../etc/hostname",
      "/etc/hostname",
      "..",
      ".",
      "",
      "uploads/../../helpdesk.sqlite",
    ]) {
      db.query("UPDATE file_attachments SET file_path = ? WHERE id = ?").run(evil, up.id!);
      const res = await api.req(`/api/attachments/${up.id}/download`);
      expect(await res.text()).not.toContain("SQLite format");
      answers[JSON.stringify(evil)] = res.status;
    }
    db.close();
    expect(Object.entries(answers).filter(([, s]) => s !== 404)).toEqual([]);
  });
});

describe("size and type", () => {
  test("exactly 10 MB is accepted, one byte more is 413 'File too large', 0 bytes is 400", async () => {
    const at = await uploadOne("limit.txt", new Uint8Array(MAX_UPLOAD_BYTES).fill(97));
    const over = await uploadOne("over.txt", new Uint8Array(MAX_UPLOAD_BYTES + 1).fill(97));
    const empty = await uploadOne("empty.txt", new Uint8Array(0));
    console.log(
      `upload size: at limit ${at.status}, limit+1 ${over.status} "${over.json.message}", empty ${empty.status} "${empty.json.message}"`,
    );
    expect(at.status).toBe(201);
    expect([400, 413]).toContain(over.status);
    expect(over.json.message).toMatch(/too large|larger than 10MB/);
    expect(empty.status).toBe(400);
  }, 30_000);

  test("the per-upload file count is capped", async () => {
    const files = Array.from({ length: 1000 }, (_, i) => new File(["k".repeat(1024)], `f${i}.txt`));
    const res = await upload(files);
    expect(res.status).toBe(400);
    expect(integrityOk(srv.dataDir)).toBe("ok");
  });

  test("the public allowlist is enforced by extension, and content that does not match is never served as that type", async () => {
    const refused = ["run.exe", "a.pdf.html", "noext", "pic.svg", "sheet.xlsx", "photo.webp"];
    for (const name of refused) expect((await uploadOne(name, "x")).status).toBe(400);
    const exe = await uploadOne("setup.pdf", Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]));
    const png = await uploadOne("ok.PNG", PNG);
    expect(exe.status).toBe(201);
    expect((await api.req(`/api/attachments/${exe.id}/download`)).headers.get("content-type")).toBe(
      "application/octet-stream",
    );
    expect((await api.req(`/api/attachments/${png.id}/download`)).headers.get("content-type")).toBe(
      "image/png",
    );
    // A small zip is stored as bytes, never unpacked.
    const zip = await uploadOne(
      "bomb.zip",
      Uint8Array.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]),
    );
    expect(zip.status).toBe(201);
    expect(
      readdirSync(join(srv.dataDir, "uploads")).every((f) =>
        statSync(join(srv.dataDir, "uploads", f)).isFile(),
      ),
    ).toBe(true);
  });
});

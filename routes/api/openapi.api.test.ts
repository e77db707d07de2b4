import { afterAll, beforeAll, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Hono } from "hono";
import { z } from "zod";
import { Validator } from "@seriousme/openapi-schema-validator";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { validate } from "../../src/http/validate";
import { buildOpenApiDocument, type OpenApiDocument } from "../../src/http/openapi/document";
import { AREAS } from "../../src/http/openapi/areas";
import { nonexistent, schemaDrift, undocumented, writesWithoutBody } from "../../src/testing/openapi-checks";

let t: TestApp;
let cookie: string;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.loginAs("staff");
  const res = await t.request("/api/openapi.json", { cookie });
  expect(res.status).toBe(200);
  doc = (await res.json()) as OpenApiDocument;
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([m, op]) => ({ path, m, op })));

test("api description – lists every /api route the app serves, and no route it does not", () => {
  expect(undocumented(t.app, doc)).toEqual([]);
  expect(nonexistent(t.app, doc)).toEqual([]);
  expect(operations().length).toBeGreaterThan(80);
  expect(doc.paths["/api/admin/tickets/{id}/status"]?.put).toBeDefined(); // `:id` written as `{id}`
});

test("api description – every validated route documents exactly the zod schema it validates with", () => {
  expect(schemaDrift(t.app, doc)).toEqual([]);
  expect(writesWithoutBody(t.app, doc)).toEqual([]);
});

test("api description – the checks name a missing route, a drifted schema and an undescribed body", async () => {
  const body = z.object({ name: z.string().min(1) });
  const app = new Hono()
    .post("/api/things", validate("json", body), (c) => c.json(c.req.valid("json")))
    .get("/api/things/:id", validate("param", z.object({ id: z.coerce.number() })), (c) => c.json({}))
    .post("/api/raw", async (c) => c.json(await c.req.json()));
  const fresh = await buildOpenApiDocument(app);
  expect(schemaDrift(app, fresh)).toEqual([]);
  expect(writesWithoutBody(app, fresh)).toEqual(["POST /api/raw"]);
  const drifted = structuredClone(fresh);
  type Body = { content: Record<string, { schema: { properties: Record<string, object> } }> };
  const schema = (drifted.paths["/api/things"]!.post!.requestBody as Body).content["application/json"]!
    .schema;
  schema.properties.name = { type: "string" };
  expect(schemaDrift(app, drifted)).toEqual(["POST /api/things (json)"]);
  delete drifted.paths["/api/things/{id}"];
  drifted.paths["/api/gone"] = { get: { responses: {} } };
  expect(undocumented(app, drifted)).toEqual(["GET /api/things/{id}"]);
  expect(nonexistent(app, drifted)).toEqual(["GET /api/gone"]);
});

test("api description – validates as OpenAPI 3.1 with a maintained validator", async () => {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(doc) as never);
  expect(result.errors).toBeUndefined();
  expect(result.valid).toBe(true);
  expect(validator.version).toBe("3.1");
});

test("api description – tags per area, both security schemes, one error shape", () => {
  const tags = new Set(AREAS.map((a) => a.tag));
  const schemes = (doc.components as { securitySchemes: Record<string, { type: string }> }).securitySchemes;
  expect(Object.keys(schemes).sort()).toEqual(["bearerToken", "sessionCookie"]);
  for (const { path, m, op } of operations()) {
    expect(tags.has((op.tags as string[])?.[0] ?? ""), `${m} ${path} has no area`).toBe(true);
    expect(op.responses?.default).toEqual({ $ref: "#/components/responses/Error" });
  }
  expect(doc.paths["/api/admin/users"]?.get?.security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);
  expect(doc.paths["/api/auth/tokens"]?.post?.security).toEqual([{ sessionCookie: [] }]); // tokens cannot mint tokens
  expect(doc.paths["/api/tickets"]?.post?.security).toEqual([]);
  const upload = doc.paths["/api/tickets/upload"]?.post?.requestBody as { content: object };
  expect(Object.keys(upload.content)).toEqual(["multipart/form-data"]);
  const events = doc.paths["/api/admin/events"]?.get?.responses?.["200"] as { content: object };
  expect(Object.keys(events.content)).toEqual(["text/event-stream"]);
});

test("api description – refused to anonymous callers, served by session cookie and by API token", async () => {
  const anonymous = await t.request("/api/openapi.json");
  expect(anonymous.status).toBe(401);
  expect(await anonymous.json()).toEqual({ message: "Unauthorized" });
  const admin = await t.confirmPassword(await t.loginAs("admin"));
  const minted = await t.request("/api/auth/tokens", { cookie: admin, json: { name: "docs" } });
  const { token } = (await minted.json()) as { token: string };
  const viaToken = await t.request("/api/openapi.json", { headers: { Authorization: `Bearer ${token}` } });
  expect(viaToken.status).toBe(200);
  expect(((await viaToken.json()) as OpenApiDocument).paths).toEqual(doc.paths);
  expect(viaToken.headers.get("cache-control")).toContain("no-store");
});

test("api reference – a browser is sent to sign in, a script gets 401; signed in, the page and its bundle load", async () => {
  const page = await t.request("/api/docs", { headers: { Accept: "text/html" } });
  expect(page.status).toBe(302);
  expect(page.headers.get("location")).toBe("/login");
  expect((await t.request("/api/docs")).status).toBe(401);
  const res = await t.request("/api/docs", { cookie, headers: { Accept: "text/html" } });
  expect(res.status).toBe(200);
  const html = await res.text();
  const src = html.match(/<script src="([^"]+)"/)?.[1] ?? "";
  expect(src).toStartWith("/build/scalar-api-reference.js?v=");
  expect(html).not.toMatch(/(src|href)="(https?:)?\/\//); // nothing from another origin
  const csp = res.headers.get("content-security-policy") ?? "";
  expect(csp).toContain("script-src 'self';");
  const bundle = await t.request(src.split("?")[0]!);
  expect(bundle.status).toBe(200);
  expect(bundle.headers.get("content-type")).toStartWith("text/javascript");
});

test("api description – routes read bodies only through validate() or the multipart reader", () => {
  const dir = join(import.meta.dir);
  const offenders = readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .filter((f) => {
      const src = readFileSync(join(dir, f), "utf8");
      const raw = f !== "public-files.ts" && src.includes("c.req.raw.body");
      return (
        raw ||
        /c\.req\.(json|parseBody|formData|text|arrayBuffer|blob)\(|zValidator|hono\/validator/.test(src)
      );
    });
  expect(offenders).toEqual([]);
});

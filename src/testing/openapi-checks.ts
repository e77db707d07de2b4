import { deepStrictEqual } from "node:assert";
import { isFieldFilterParam } from "../shared/schemas/field-filters";
import type { Hono } from "hono";
import { findTargetHandler } from "hono/utils/handler";
import { z } from "zod";
import { validatedBy } from "../http/validate";
import { openApiPath, routeFacts } from "../http/openapi/route-facts";
import type { OpenApiDocument } from "../http/openapi/document";

// biome-ignore lint/suspicious/noExplicitAny: any app's routes are checked, whatever its env
type AnyApp = Hono<any, any, any>;
type Param = { in: string; name: string; required?: boolean; schema?: unknown };
type JsonSchema = { properties?: Record<string, unknown>; required?: string[] };

const apiEndpoints = (app: AnyApp) => routeFacts(app).filter((f) => f.path.startsWith("/api/"));
const operationOf = (doc: OpenApiDocument, method: string, path: string) =>
  doc.paths[openApiPath(path)]?.[method.toLowerCase()];

/** `METHOD /path` of every /api route the app serves that the document does not describe. */
export const undocumented = (app: AnyApp, doc: OpenApiDocument) =>
  apiEndpoints(app)
    .filter((f) => !operationOf(doc, f.method, f.path))
    .map((f) => `${f.method} ${openApiPath(f.path)}`);

/** `METHOD /path` of every operation in the document that no route of the app serves. */
export function nonexistent(app: AnyApp, doc: OpenApiDocument) {
  const served = new Set(apiEndpoints(app).map((f) => `${f.method} ${openApiPath(f.path)}`));
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .map((m) => `${m.toUpperCase()} ${path}`)
      .filter((key) => !served.has(key)),
  );
}

/** The JSON Schema of a zod schema as requests must satisfy it (its input side). */
const jsonSchemaOf = (schema: unknown): JsonSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema as z.ZodType, {
    io: "input",
    unrepresentable: "any",
  });
  return rest as JsonSchema;
};

const differs = (a: unknown, b: unknown) => {
  try {
    deepStrictEqual(a, b);
    return false;
  } catch {
    return true;
  }
};

/** Each validated route whose documented body, query or path schema is not the one it validates with. */
export function schemaDrift(app: AnyApp, doc: OpenApiDocument): string[] {
  const found: string[] = [];
  for (const r of app.routes) {
    const check = validatedBy(findTargetHandler(r.handler));
    if (!check || r.method === "ALL" || !r.path.startsWith("/api/")) continue;
    const name = `${r.method} ${openApiPath(r.path)} (${check.target})`;
    const op = operationOf(doc, r.method, r.path);
    const expected = jsonSchemaOf(check.schema);
    if (!op) found.push(`${name}: not documented`);
    else if (check.target === "json") {
      const body = op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined;
      if (differs(body?.content?.["application/json"]?.schema, expected)) found.push(name);
    } else if (check.target === "query" || check.target === "param") {
      const where = check.target === "param" ? "path" : "query";
      // custom field filters (`cf.<key>`) are the schema's catch-all, described per field
      const params = ((op.parameters ?? []) as Param[]).filter(
        (p) => p.in === where && !isFieldFilterParam(p.name),
      );
      const documented = Object.fromEntries(params.map((p) => [p.name, p.schema]));
      const required = params.filter((p) => p.required).map((p) => p.name);
      if (differs(documented, expected.properties ?? {})) found.push(name);
      else if (where === "query" && differs(required.sort(), [...(expected.required ?? [])].sort()))
        found.push(`${name}: required`);
    } else found.push(`${name}: target not described`);
  }
  return found;
}

/** Each POST, PUT or PATCH whose body the document does not describe and that is not marked as bodiless. */
export const writesWithoutBody = (app: AnyApp, doc: OpenApiDocument) =>
  apiEndpoints(app)
    .filter((f) => ["POST", "PUT", "PATCH"].includes(f.method) && !f.noBody)
    .filter((f) => !operationOf(doc, f.method, f.path)?.requestBody)
    .map((f) => `${f.method} ${openApiPath(f.path)}`);

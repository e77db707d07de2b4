import type { Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import { z } from "zod";
import { VERSION } from "../../version";
import { AREAS, areaOf } from "./areas";
import { openApiPath, routeFacts, type RouteFacts } from "./route-facts";

// biome-ignore lint/suspicious/noExplicitAny: any app's routes are described, whatever its env
type AnyApp = Hono<any, any, any>;
type Operation = Record<string, unknown> & { responses?: Record<string, unknown> };
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> } & Record<string, unknown>;

/** Every error answer of the API: a message, and for invalid input the message of each field. */
const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
const { $schema: _, ...errorSchema } = z.toJSONSchema(errorBody);

const problem = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});
const RESPONSES = {
  BadRequest: problem("Invalid input: `errors` names each field's problem"),
  Unauthorized: problem("Not signed in, or the session or token is no longer valid"),
  Forbidden: problem("Not allowed: cross-site write, admin-only route, or a route that takes no token"),
  NotFound: problem("No such item, or not within the user's scope"),
  UnsupportedType: problem("The body was sent with the wrong Content-Type"),
  Error: problem("Any other error: 409 conflict, 412 stale version, 413 too large, 429 rate limited, 503"),
};
const ref = (name: keyof typeof RESPONSES) => ({ $ref: `#/components/responses/${name}` });

const SECURITY_SCHEMES = {
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: "sid",
    description: "The browser session from `POST /api/login` (named `__Host-sid` over HTTPS).",
  },
  bearerToken: {
    type: "http",
    scheme: "bearer",
    description: "A personal API token created on the profile page, with exactly its owner's role and scope.",
  },
};

function securityOf(facts: RouteFacts) {
  if (facts.guards.has("session")) return [{ sessionCookie: [] }];
  if (facts.guards.size > 0) return [{ sessionCookie: [] }, { bearerToken: [] }];
  return [];
}

/** What the generator cannot see on its own: area, security, and the error answers each route can give. */
function complete(op: Operation, facts: RouteFacts, path: string) {
  const tag = areaOf(facts.path);
  if (tag) op.tags = [tag];
  op.security = securityOf(facts);
  if (facts.guards.has("admin")) op.description = "Admin only.";
  const own = Object.entries(op.responses ?? {}).filter(([, v]) => Object.keys(v as object).length > 0);
  const responses: Record<string, unknown> = own.length
    ? Object.fromEntries(own)
    : { "2XX": { description: "Success", content: { "application/json": {} } } };
  if (facts.validated.size > 0) responses["400"] = ref("BadRequest");
  if (facts.guards.size > 0) responses["401"] = ref("Unauthorized");
  if (facts.guards.size > 0 || !["GET", "HEAD"].includes(facts.method)) responses["403"] = ref("Forbidden");
  if (path.includes("{")) responses["404"] = ref("NotFound");
  if (facts.validated.has("json")) responses["415"] = ref("UnsupportedType");
  responses.default = ref("Error");
  op.responses = responses;
}

/** The OpenAPI 3.1 description of every `/api` route, generated from the routes' own validators. */
export async function buildOpenApiDocument(app: AnyApp): Promise<OpenApiDocument> {
  const doc = (await generateSpecs(app, {
    documentation: {
      info: {
        title: "Helpdesk API",
        version: VERSION,
        description:
          "Every `/api` route. Writes from a browser must come from this site; a request with a bearer token and no cookie may come from anywhere.",
      },
      tags: AREAS.map(({ tag, description }) => ({ name: tag, description })),
      components: {
        securitySchemes: SECURITY_SCHEMES,
        responses: RESPONSES,
        schemas: { Error: errorSchema },
      },
    } as never,
    includeEmptyPaths: true,
    excludeStaticFile: false,
    exclude: [/^(?!\/api\/)/],
    defaultValidationErrorResponse: false,
  })) as unknown as OpenApiDocument;
  for (const facts of routeFacts(app)) {
    const path = openApiPath(facts.path);
    const op = doc.paths[path]?.[facts.method.toLowerCase()];
    if (op) complete(op, facts, path);
  }
  return doc;
}

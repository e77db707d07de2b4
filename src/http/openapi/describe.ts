import { describeRoute } from "hono-openapi";

/**
 * What the OpenAPI document cannot learn from a route's validators: bodies read as a stream
 * (multipart uploads) and answers that are not JSON (files, event streams, redirects, pages).
 */
const binary = { type: "string", format: "binary", contentMediaType: "application/octet-stream" } as const;

/** A multipart upload: its file fields (each may repeat), the text fields sent with them, any query fields read. */
export const multipartBody = (files: string[], fields: string[] = [], query: string[] = []) =>
  describeRoute({
    parameters: query.map((name) => ({ in: "query" as const, name, schema: { type: "string" } })),
    requestBody: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            properties: Object.fromEntries([
              ...files.map((name) => [name, { type: "array", items: binary }]),
              ...fields.map((name) => [name, { type: "string" }]),
            ]),
          },
        },
      },
    },
  });

const bodiless = Symbol("bodiless");

/** Marks a write that takes no request body, so the check that every write documents its body passes. */
export const noBody = () => Object.assign(describeRoute({}), { [bodiless]: true });
export const isNoBody = (handler: unknown) => Boolean((handler as { [bodiless]?: true } | null)?.[bodiless]);

const answers = (type: string, description: string, schema: object = { type: "string" }) =>
  describeRoute({ responses: { 200: { description, content: { [type]: { schema } } } } });

/** A stored file sent as an attachment with a safe content type. */
export const fileAnswer = () =>
  answers("application/octet-stream", "The file, sent as an attachment", binary);
export const csvAnswer = () => answers("text/csv", "The list as CSV, streamed");
export const eventStreamAnswer = () =>
  answers(
    "text/event-stream",
    "Server-sent events: ticket changes and presence, resumable with Last-Event-ID",
  );
export const htmlAnswer = (description: string) => answers("text/html", description);
export const redirectAnswer = (description: string) =>
  describeRoute({
    responses: { 302: { description, headers: { Location: { schema: { type: "string" } } } } },
  });

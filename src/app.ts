import { Hono, type MiddlewareHandler } from "hono";
import { requestId } from "hono/request-id";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "./http/env";
import type { Deps } from "./deps";
import { handleError } from "./http/errors";
import { tooLarge } from "./errors/domain-error";
import { clientIp } from "./http/client-ip";
import { hstsWhenSecure, sameOriginWrites, securityHeaders } from "./http/security";
import { loadSession } from "./http/auth";
import { requestLog } from "./http/request-log";
import { noStoreWhenPersonal, requireValidHost } from "./http/host-check";
import { serveStaticFiles } from "./http/static";
import { MAX_UPLOAD_BYTES, MAX_FILES_PER_SUBMISSION } from "./shared/constants";
import { api } from "../routes";
import { apiDocsApi } from "../routes/api/api-docs";
import { buildOpenApiDocument, type OpenApiDocument } from "./http/openapi/document";
import { describeFields } from "./http/openapi/custom-fields";
import { activeFields } from "./custom-fields/definitions";
import { healthApi } from "../routes/api/health";
import { pages } from "../routes/pages";
import { notFoundPage } from "../routes/pages/not-found";

const JSON_LIMIT = 1024 * 1024;
// Multipart bodies hold up to the per-submission file count at the upload cap each, plus form fields.
const MULTIPART_LIMIT = MAX_UPLOAD_BYTES * MAX_FILES_PER_SUBMISSION + JSON_LIMIT;
const jsonLimit = bodyLimit({
  maxSize: JSON_LIMIT,
  onError: () => {
    throw tooLarge();
  },
});
/**
 * Multipart bodies are streamed to disk by the upload routes, so the limit counts bytes as they
 * pass instead of buffering the body (which is what bodyLimit does without a Content-Length).
 */
const multipartLimit: MiddlewareHandler = async (c, next) => {
  const raw = c.req.raw;
  if (!raw.body) return next();
  const declared = raw.headers.has("transfer-encoding") ? null : raw.headers.get("content-length");
  if (declared !== null && Number(declared) > MULTIPART_LIMIT) throw tooLarge("File too large");
  let seen = 0;
  const counted = raw.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, ctl) {
        seen += chunk.byteLength;
        if (seen > MULTIPART_LIMIT) ctl.error(tooLarge("File too large"));
        else ctl.enqueue(chunk);
      },
    }),
  );
  c.req.raw = new Request(raw, { body: counted, duplex: "half" } as RequestInit);
  return next();
};

/** Builds the whole application for one set of dependencies (tests make one per file). */
export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use(requestId({ headerName: "" }), requireValidHost);
  app.use(async (c, next) => {
    deps.reads.lane.arrived(c.req.method, c.req.path); // searches wait their turn while others come
    c.set("deps", deps);
    c.set("ip", clientIp(c, deps.config.trustProxy, deps.trustedProxies));
    return next();
  });
  app.use(requestLog, securityHeaders, hstsWhenSecure);
  app.use("/api/*", (c, next) => {
    const multipart = (c.req.header("content-type") ?? "").startsWith("multipart/form-data");
    return (multipart ? multipartLimit : jsonLimit)(c, next);
  });
  app.use("/api/*", noStoreWhenPersonal);
  app.use(sameOriginWrites, loadSession);
  app.route("/", healthApi);
  app.route("/api", api);
  // Described once, on first request, when every route is registered.
  let described: Promise<OpenApiDocument> | undefined;
  app.route(
    "/api",
    apiDocsApi(async () => {
      described ??= buildOpenApiDocument(app);
      return describeFields(await described, activeFields(deps.reads.ctx));
    }),
  );
  app.all("/api/*", (c) => c.json({ message: "Not found" }, 404));
  app.use(serveStaticFiles());
  app.route("/", pages);
  app.notFound((c) =>
    c.req.path.startsWith("/api/") ? c.json({ message: "Not found" }, 404) : notFoundPage(c),
  );
  app.onError(handleError);
  return app;
}

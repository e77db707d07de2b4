import type { MiddlewareHandler } from "hono";
import { resolve, sep } from "node:path";
import type { AppEnv } from "./env";
import { PUBLIC_DIR, embeddedAsset, hasEmbeddedAssets } from "./assets";
import { acceptsGzip } from "./accepts-gzip";

const TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  svg: "image/svg+xml",
  txt: "text/plain; charset=utf-8",
  ico: "image/x-icon",
  png: "image/png",
  map: "application/json",
};

/** The file for a URL path: from the executable when assets are embedded, else from public/. */
function locate(root: string, path: string): string | undefined {
  if (hasEmbeddedAssets()) return embeddedAsset(path);
  const full = resolve(root, `.${path}`);
  return full.startsWith(root + sep) ? full : undefined;
}

const decoded = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
};

/** Serves public/ (build output, favicon, robots.txt), with the build's .gz twins when accepted. */
export const serveStaticFiles =
  (root = PUBLIC_DIR): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const path = decoded(new URL(c.req.url).pathname);
    if (path === null) return next(); // a malformed escape (`/%`, `/%ff`) names no file: the 404 page
    const type = TYPES[path.split(".").pop() ?? ""];
    const full = path.includes("\0") || !type ? undefined : locate(root, path);
    if (!full) return next();
    let file = Bun.file(full);
    if (!(await file.exists())) return next();
    const gzPath = locate(root, `${path}.gz`);
    if (acceptsGzip(c.req.header("accept-encoding")) && gzPath && (await Bun.file(gzPath).exists())) {
      file = Bun.file(gzPath);
      c.header("Content-Encoding", "gzip");
    }
    c.header("Vary", "Accept-Encoding");
    c.header("Content-Type", type);
    // Built assets carry ?v=<hash> (or a hashed chunk name), so they can be cached for good.
    c.header(
      "Cache-Control",
      path.startsWith("/build/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    );
    if (c.req.method === "HEAD") return c.body(null, 200);
    return c.body(file.stream(), 200);
  };

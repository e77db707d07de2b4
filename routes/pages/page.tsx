import type { Context } from "hono";
import type { ReactNode } from "react";
import type { AppEnv } from "../../src/http/env";
import { Document, renderPage } from "../../src/http/render";

/** Sends a server-rendered page; HTML is never cached because it carries the signed-in state. */
export function sendPage(c: Context<AppEnv>, title: string, body: ReactNode, status: 200 | 404 = 200) {
  c.header("Cache-Control", "no-store");
  return c.html(renderPage(<Document title={title} version={c.var.deps.assetVersion}>{body}</Document>), status);
}

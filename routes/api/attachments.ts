import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { validate } from "../../src/http/validate";
import { openAttachmentDownload } from "../../src/attachments/attachments.service";
import { limitByIp } from "../../src/http/security";
import { idParam } from "./public-files";

const reads = limitByIp((c) => c.var.deps.limiters.publicReads);

/** Spec §7 public download; contract: internal files answer 404, never rendered inline. */
export const attachmentsApi = new Hono<AppEnv>().get(
  "/:id/download",
  reads,
  validate("param", idParam),
  (c) => openAttachmentDownload({ deps: c.var.deps, id: c.req.valid("param").id, includeInternal: false }),
);

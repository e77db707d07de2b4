import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { validate } from "../../src/http/validate";
import { findAttachmentFile } from "../../src/attachments/attachments.service";
import { sendDownload } from "../../src/http/download";
import { limitByIp } from "../../src/http/security";
import { fileAnswer } from "../../src/http/openapi/describe";
import { idParam } from "../../src/shared/schemas/id-param";
import { openTrackingOnly } from "./open-tracking";

const reads = limitByIp((c) => c.get("deps").limiters.publicReads);

/** Public download: internal files answer 404, never rendered inline. */
export const attachmentsApi = new Hono<AppEnv>().get(
  "/:id/download",
  reads,
  openTrackingOnly("Attachment"),
  validate("param", idParam),
  fileAnswer(),
  async (c) =>
    sendDownload(
      await findAttachmentFile({ deps: c.get("deps"), id: c.req.valid("param").id, includeInternal: false }),
    ),
);

import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { writeCtx } from "../../src/http/write-ctx";
import { validate } from "../../src/http/validate";
import { deleteAttachment, findAttachmentFile } from "../../src/attachments/attachments.service";
import { sendDownload } from "../../src/http/download";
import { fileAnswer } from "../../src/http/openapi/describe";
import { idParam } from "../../src/shared/schemas/id-param";

/** Staff download and delete; internal files included, scope decides (404 outside it). */
export const adminAttachmentsApi = new Hono<AppEnv>()
  .get("/:id/download", validate("param", idParam), fileAnswer(), async (c) =>
    sendDownload(
      await findAttachmentFile({
        deps: c.get("deps"),
        id: c.req.valid("param").id,
        includeInternal: true,
        scope: c.get("user")!,
      }),
    ),
  )
  .delete("/:id", validate("param", idParam), async (c) => {
    await deleteAttachment({ ...writeCtx(c), user: c.get("user")!, id: c.req.valid("param").id });
    return c.json({ message: "Attachment deleted successfully" });
  });

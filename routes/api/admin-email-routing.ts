import { Hono } from "hono";
import { currentSmtp } from "../../src/settings/mail-transport";
import type { AppEnv } from "../../src/http/env";
import { requireAdmin } from "../../src/http/auth";
import { dbWriteCtx } from "../../src/http/write-ctx";
import { validate } from "../../src/http/validate";
import { emailRoutingSchema } from "../../src/shared/schemas/email-routing";
import {
  createEmailRule,
  deleteEmailRule,
  listEmailRouting,
  updateEmailRule,
} from "../../src/email-routing/email-routing.service";
import { outboxStatus } from "../../src/mail/outbox";
import { idParam } from "../../src/shared/schemas/id-param";
import { publicUrlOf } from "../../src/settings/public-address";

/** E-mail routing rules, plus the outbox state shown on the Email tab. */
export const adminEmailRoutingApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", (c) => c.json(listEmailRouting(c.get("deps").db)))
  .get("/outbox", (c) =>
    c.json(
      outboxStatus(
        c.get("deps").db,
        Boolean(currentSmtp(c.get("deps"))),
        c.get("deps").now(),
        Boolean(publicUrlOf(c.get("deps"))),
      ),
    ),
  )
  .post("/", validate("json", emailRoutingSchema), (c) =>
    c.json(createEmailRule({ ...dbWriteCtx(c), input: c.req.valid("json") }), 201),
  )
  .put("/:id", validate("param", idParam), validate("json", emailRoutingSchema), (c) =>
    c.json(updateEmailRule({ ...dbWriteCtx(c), id: c.req.valid("param").id, input: c.req.valid("json") })),
  )
  .delete("/:id", validate("param", idParam), (c) => {
    deleteEmailRule({ ...dbWriteCtx(c), id: c.req.valid("param").id });
    return c.json({ message: "Deleted" });
  });

import { Hono, type Context } from "hono";
import type { AppEnv } from "../../src/http/env";
import { requireAdmin } from "../../src/http/auth";
import { dbWriteCtx } from "../../src/http/write-ctx";
import { validate } from "../../src/http/validate";
import { webhookSchema } from "../../src/shared/schemas/webhook";
import {
  createWebhook,
  deleteWebhook,
  queueTestDelivery,
  rotateWebhookSecret,
  updateWebhook,
} from "../../src/webhooks/webhooks.service";
import { listDeliveries, listWebhooks } from "../../src/webhooks/webhooks.queries";
import { noBody } from "../../src/http/openapi/describe";
import { idParam } from "../../src/shared/schemas/id-param";

const allowPrivate = (c: Context<AppEnv>) => c.get("deps").config.webhooks.allowPrivate;

/** Settings → Integrations: webhooks, their secrets (shown once) and their delivery log. */
export const adminWebhooksApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", (c) => c.json(listWebhooks(c.get("deps").db)))
  .post("/", validate("json", webhookSchema), async (c) =>
    c.json(
      await createWebhook({ ...dbWriteCtx(c), input: c.req.valid("json"), allowPrivate: allowPrivate(c) }),
      201,
    ),
  )
  .put("/:id", validate("param", idParam), validate("json", webhookSchema), async (c) => {
    const input = c.req.valid("json");
    const id = c.req.valid("param").id;
    return c.json(await updateWebhook({ ...dbWriteCtx(c), id, input, allowPrivate: allowPrivate(c) }));
  })
  .delete("/:id", validate("param", idParam), (c) => {
    deleteWebhook({ ...dbWriteCtx(c), id: c.req.valid("param").id });
    return c.json({ message: "Webhook deleted" });
  })
  .post("/:id/rotate-secret", validate("param", idParam), noBody(), (c) =>
    c.json(rotateWebhookSecret({ ...dbWriteCtx(c), id: c.req.valid("param").id })),
  )
  .post("/:id/test", validate("param", idParam), noBody(), (c) => {
    queueTestDelivery({ ...dbWriteCtx(c), id: c.req.valid("param").id });
    c.get("deps").wakeWebhooks();
    return c.json({ message: "A test delivery was queued" }, 202);
  })
  .get("/:id/deliveries", validate("param", idParam), (c) =>
    c.json(listDeliveries(c.get("deps").db, c.req.valid("param").id)),
  );

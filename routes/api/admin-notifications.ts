import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { dbWriteCtx } from "../../src/http/write-ctx";
import { validate } from "../../src/http/validate";
import { awaySchema, markReadSchema, notifySettingsSchema } from "../../src/shared/schemas/notifications";
import { listNotifications, markRead } from "../../src/notifications/notifications.queries";
import { mySettings, setAway, setNotifySettings } from "../../src/notifications/settings.service";

/** The signed-in agent's bell, what they are told of, and when they are away. */
export const adminNotificationsApi = new Hono<AppEnv>()
  .get("/", (c) => c.json(listNotifications(c.get("deps").db, c.get("user")!)))
  .post("/read", validate("json", markReadSchema), (c) => {
    const { db, now } = c.get("deps");
    markRead(db, c.get("user")!, now(), c.req.valid("json").ids);
    return c.json(listNotifications(db, c.get("user")!));
  })
  .get("/settings", (c) => c.json(mySettings(c.get("deps").db, c.get("user")!.id, c.get("deps").now())))
  .put("/settings", validate("json", notifySettingsSchema), (c) =>
    c.json(setNotifySettings({ ...dbWriteCtx(c), user: c.get("user")!, input: c.req.valid("json") })),
  )
  .put("/away", validate("json", awaySchema), (c) =>
    c.json(setAway({ ...dbWriteCtx(c), user: c.get("user")!, input: c.req.valid("json") })),
  );

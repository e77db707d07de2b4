import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../src/http/env";
import { requireAdmin } from "../../src/http/auth";
import { dbWriteCtx } from "../../src/http/write-ctx";
import { validate } from "../../src/http/validate";
import { portalSettings, setTrackingMode } from "../../src/settings/portal-settings.service";
import { officeLanguageSchema } from "../../src/shared/schemas/language";
import { officeLanguage } from "../../src/settings/office-language";
import { setOfficeLanguage } from "../../src/settings/office-language.service";

const portalSettingsSchema = z.object({
  tracking: z.enum(["verified", "open"], { error: "Tracking must be verified or open" }),
});

/** Settings → Portal (admins only): how much a ticket number alone shows on the portal. */
export const adminPortalApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", (c) => c.json(portalSettings(c.get("deps"))))
  .put("/", validate("json", portalSettingsSchema), (c) => {
    const config = c.get("deps").config;
    return c.json(setTrackingMode({ ...dbWriteCtx(c), config, tracking: c.req.valid("json").tracking }));
  })
  .get("/language", (c) => c.json({ language: officeLanguage(c.get("deps").db) }))
  .put("/language", validate("json", officeLanguageSchema), (c) =>
    c.json(setOfficeLanguage({ ...dbWriteCtx(c), language: c.req.valid("json").language })),
  );

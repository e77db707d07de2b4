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
import { publicAddress, setPublicAddress } from "../../src/settings/public-address.service";
import { publicAddressSchema } from "../../src/shared/schemas/public-address";
import { phoneRules } from "../../src/settings/phone-rules";
import { weatherCardOn } from "../../src/settings/weather-card";
import { idPrefix } from "../../src/settings/id-prefix";
import { setIdPrefix } from "../../src/settings/id-prefix.service";
import { setWeatherCard } from "../../src/settings/weather-card.service";
import { setPhoneRules } from "../../src/settings/phone-rules.service";
import { phoneRulesSchema } from "../../src/shared/schemas/phone-rules";
import { portalWordingSchema } from "../../src/shared/schemas/portal-wording";
import { setPortalWording } from "../../src/settings/portal-wording.service";
import { portalWordingView } from "../../src/settings/portal-wording";

const weatherCardSchema = z.object({
  enabled: z.boolean({ error: "Say whether the weather card is shown" }),
});
const ID_PREFIX = "The prefix is 1 to 5 letters, like WI or HD";
const idPrefixSchema = z.object({
  prefix: z
    .string({ error: ID_PREFIX })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{1,5}$/, ID_PREFIX),
});
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
  )
  .get("/address", (c) => c.json(publicAddress(c.get("deps"))))
  // saving the address releases the mail held for it
  .put("/address", validate("json", publicAddressSchema), (c) => {
    const deps = c.get("deps");
    const saved = setPublicAddress({ ...dbWriteCtx(c), config: deps.config, ...c.req.valid("json") });
    deps.wakeMailer();
    return c.json(saved);
  })
  .get("/weather", (c) => c.json({ enabled: weatherCardOn(c.get("deps").db) }))
  .put("/weather", validate("json", weatherCardSchema), (c) =>
    c.json(setWeatherCard({ ...dbWriteCtx(c), enabled: c.req.valid("json").enabled })),
  )
  .get("/id-prefix", (c) => c.json({ prefix: idPrefix(c.get("deps").db) }))
  .put("/id-prefix", validate("json", idPrefixSchema), (c) =>
    c.json(setIdPrefix({ ...dbWriteCtx(c), prefix: c.req.valid("json").prefix })),
  )
  .get("/phone", (c) => c.json(phoneRules(c.get("deps").db)))
  .put("/phone", validate("json", phoneRulesSchema), (c) =>
    c.json(setPhoneRules({ ...dbWriteCtx(c), rules: c.req.valid("json") })),
  )
  // the portal's own words, with the range of the targets its default promise is made of
  .get("/wording", (c) => c.json(portalWordingView(c.get("deps"))))
  .put("/wording", validate("json", portalWordingSchema), (c) => {
    setPortalWording({ ...dbWriteCtx(c), wording: c.req.valid("json") });
    return c.json(portalWordingView(c.get("deps")));
  });

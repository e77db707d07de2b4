import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { actorOf, requireAdmin, requireRecentPassword, requireSessionLogin } from "../../src/http/auth";
import { dbWriteCtx, writeCtx } from "../../src/http/write-ctx";
import { validate } from "../../src/http/validate";
import {
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  twoFactorPolicySchema,
} from "../../src/shared/schemas/two-factor";
import {
  confirmEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startEnrolment,
  twoFactorStatus,
} from "../../src/auth/two-factor.service";
import { setTwoFactorRequirement } from "../../src/auth/two-factor-admin.service";
import { twoFactorRequired } from "../../src/settings/two-factor-policy";
import { checkOwnPassword } from "../../src/tickets/tickets.admin.service";
import { noBody } from "../../src/http/openapi/describe";

/** The signed-in user's second factor: status, enrolment with a confirming code, and turning it off. */
export const twoFactorApi = new Hono<AppEnv>()
  .use(requireSessionLogin)
  .get("/", (c) => c.json(twoFactorStatus(c.get("deps").db, c.get("user")!.id), 200))
  .post("/enrol", requireRecentPassword, noBody(), async (c) =>
    c.json(await startEnrolment({ ...writeCtx(c), userId: c.get("user")!.id }), 200),
  )
  .post("/confirm", requireRecentPassword, validate("json", confirmTwoFactorSchema), (c) => {
    const input = { ...writeCtx(c), userId: c.get("user")!.id, code: c.req.valid("json").code };
    return c.json(confirmEnrolment(input), 200);
  })
  .post("/disable", validate("json", disableTwoFactorSchema), async (c) => {
    const { password, code } = c.req.valid("json");
    await checkOwnPassword({ deps: c.get("deps"), actor: actorOf(c), user: c.get("user")!, password });
    disableTwoFactor({ ...writeCtx(c), userId: c.get("user")!.id, code, sid: c.get("sessionId") });
    return c.json({ message: "Two-factor sign-in is off" }, 200);
  })
  .post("/recovery-codes", requireRecentPassword, noBody(), (c) =>
    c.json(regenerateRecoveryCodes({ ...writeCtx(c), userId: c.get("user")!.id }), 200),
  );

/** Settings → Users: whether everybody must sign in with a second factor. */
export const adminSecurityApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/two-factor", (c) => c.json({ required: twoFactorRequired(c.get("deps").db) }, 200))
  .put("/two-factor", validate("json", twoFactorPolicySchema), (c) => {
    return c.json(setTwoFactorRequirement({ ...dbWriteCtx(c), required: c.req.valid("json").required }), 200);
  });

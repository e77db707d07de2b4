import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { validate } from "../../src/http/validate";
import { dbWriteCtx, writeCtx } from "../../src/http/write-ctx";
import { setUserSignature, signatureOf } from "../../src/users/user-signature";
import { signatureSchema } from "../../src/shared/schemas/signature";
import { clearSessionCookie, requireSessionLogin, requireUser, setSessionCookie } from "../../src/http/auth";
import {
  changePasswordSchema,
  confirmPasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  updateProfileSchema,
} from "../../src/shared/schemas/auth";
import { requestPasswordReset, resetPassword } from "../../src/auth/recovery.service";
import { listSessions, revokeAllSessions, revokeSession } from "../../src/auth/session-list";
import { revokeAllSchema, sessionHandleParam } from "../../src/shared/schemas/auth";
import { changePassword, login, logout, updateProfile } from "../../src/auth/auth.service";
import { toUserDto } from "../../src/users/users.dto";
import { redirectAnswer } from "../../src/http/openapi/describe";
import { completeSecondStep } from "../../src/auth/second-step.service";
import { secondFactorSchema } from "../../src/shared/schemas/two-factor";
import { twoFactorRequired } from "../../src/settings/two-factor-policy";
import type { SecondFactorChallengeDto } from "../../src/shared/dto";
import { confirmSessionPassword, recentlyConfirmed } from "../../src/auth/sudo";
import { userLanguageSchema } from "../../src/shared/schemas/language";
import { setUserLanguage } from "../../src/users/user-language";

const challengeDto = (r: { challenge: string; expiresAt: Date }): SecondFactorChallengeDto => ({
  twoFactorRequired: true,
  challenge: r.challenge,
  expiresAt: r.expiresAt.toISOString(),
});

/** Sign-in, sign-out, the current user and their profile. */
export const authApi = new Hono<AppEnv>()
  .post("/login", validate("json", loginSchema), async (c) => {
    const input = c.req.valid("json");
    const result = await login({ ...writeCtx(c), ...input, oldSid: c.get("sessionId") });
    if ("challenge" in result) return c.json(challengeDto(result), 200);
    setSessionCookie(c, result.token, result.expire);
    return c.json(toUserDto(result.user, twoFactorRequired(c.get("deps").db)), 200);
  })
  .post("/auth/second-factor", validate("json", secondFactorSchema), (c) => {
    const input = c.req.valid("json");
    const deps = c.get("deps");
    const session = completeSecondStep({ ...writeCtx(c), ...input, oldSid: c.get("sessionId") });
    setSessionCookie(c, session.token, session.expire);
    return c.json(toUserDto(session.user, twoFactorRequired(deps.db)), 200);
  })
  .post("/auth/forgot-password", validate("json", forgotPasswordSchema), (c) =>
    c.json(requestPasswordReset({ ...writeCtx(c), email: c.req.valid("json").email }), 200),
  )
  .post("/auth/reset-password", validate("json", resetPasswordSchema), async (c) => {
    const input = c.req.valid("json");
    const result = await resetPassword({ ...writeCtx(c), ...input, oldSid: c.get("sessionId") });
    if ("challenge" in result) return c.json(challengeDto(result), 200);
    setSessionCookie(c, result.token, result.expire);
    return c.json(toUserDto(result.user, twoFactorRequired(c.get("deps").db)), 200);
  })
  .get("/logout", redirectAnswer("Signs out and redirects to the sign-in page"), (c) => {
    // A cross-site page cannot sign people out by linking here.
    const crossSite = c.req.header("sec-fetch-site") === "cross-site";
    const sid = c.get("sessionId");
    if (sid && !crossSite) logout({ ...writeCtx(c), sid });
    if (!crossSite) clearSessionCookie(c);
    c.header("Cache-Control", "no-store");
    return c.redirect("/login", 302);
  })
  .get("/auth/user", requireUser, (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(c.get("user")!, 200);
  })
  .get("/auth/sessions", requireSessionLogin, (c) =>
    c.json(listSessions(c.get("deps"), c.get("user")!.id, c.get("sessionId")), 200),
  )
  .delete("/auth/sessions/:id", requireSessionLogin, validate("param", sessionHandleParam), (c) => {
    const input = { ...dbWriteCtx(c), userId: c.get("user")!.id, id: c.req.valid("param").id };
    if (revokeSession(input) === c.get("sessionId")) clearSessionCookie(c);
    return c.json({ message: "Session signed out" }, 200);
  })
  .post("/auth/sessions/revoke-all", requireSessionLogin, validate("json", revokeAllSchema), (c) => {
    const keepSid = c.req.valid("json").keepCurrent ? c.get("sessionId") : null;
    revokeAllSessions({ ...dbWriteCtx(c), userId: c.get("user")!.id, keepSid });
    if (!keepSid) clearSessionCookie(c);
    return c.json({ message: keepSid ? "Signed out of every other session" : "Signed out everywhere" }, 200);
  })
  .post("/auth/confirm-password", requireSessionLogin, validate("json", confirmPasswordSchema), async (c) => {
    const input = { ...c.req.valid("json"), userId: c.get("user")!.id, sid: c.get("sessionId")! };
    return c.json(await confirmSessionPassword({ ...writeCtx(c), ...input }), 200);
  })
  .put("/auth/profile", requireSessionLogin, validate("json", updateProfileSchema), async (c) => {
    const sudo = {
      sid: c.get("sessionId"),
      recentlyConfirmed: recentlyConfirmed(c.get("reauthenticatedAt"), c.get("deps").now()),
    };
    const user = await updateProfile({
      ...writeCtx(c),
      ...c.req.valid("json"),
      ...sudo,
      userId: c.get("user")!.id,
    });
    return c.json(toUserDto(user, twoFactorRequired(c.get("deps").db)), 200);
  })
  .put("/auth/language", requireSessionLogin, validate("json", userLanguageSchema), (c) =>
    c.json(setUserLanguage({ ...dbWriteCtx(c), userId: c.get("user")!.id, ...c.req.valid("json") })),
  )
  .get("/auth/signature", requireSessionLogin, (c) =>
    c.json({ signature: signatureOf(c.get("deps").db, c.get("user")!.id) }),
  )
  .put("/auth/signature", requireSessionLogin, validate("json", signatureSchema), (c) =>
    c.json(setUserSignature({ ...dbWriteCtx(c), userId: c.get("user")!.id, ...c.req.valid("json") })),
  )
  .put("/auth/password", requireSessionLogin, validate("json", changePasswordSchema), async (c) => {
    await changePassword({
      ...writeCtx(c),
      ...c.req.valid("json"),
      userId: c.get("user")!.id,
      sid: c.get("sessionId"),
    });
    return c.json({ message: "Password changed successfully" }, 200);
  });

import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import {
  requireAdmin,
  requireRecentPassword,
  requireSecondFactor,
  requireSessionLogin,
} from "../../src/http/auth";
import { dbWriteCtx } from "../../src/http/write-ctx";
import { validate } from "../../src/http/validate";
import { createApiTokenSchema } from "../../src/shared/schemas/auth";
import { createApiToken, listApiTokens, revokeApiToken } from "../../src/auth/api-tokens";
import { idParam } from "../../src/shared/schemas/id-param";

/** The signed-in user's personal API tokens; managed only from a password sign-in, never with a token. */
export const apiTokensApi = new Hono<AppEnv>()
  .use(requireSessionLogin)
  .get("/", (c) => c.json(listApiTokens(c.get("deps").db, c.get("user")!.id), 200))
  // a token made before the required second factor is set up would outlive the requirement
  .post("/", requireSecondFactor, requireRecentPassword, validate("json", createApiTokenSchema), (c) => {
    return c.json(
      createApiToken({ ...dbWriteCtx(c), ...c.req.valid("json"), userId: c.get("user")!.id }),
      201,
    );
  })
  .delete("/:id", validate("param", idParam), (c) => {
    revokeApiToken({ ...dbWriteCtx(c), id: c.req.valid("param").id, userId: c.get("user")!.id });
    return c.json({ message: "Token revoked" }, 200);
  });

/** Every user's tokens, for admins to see and revoke. */
export const adminApiTokensApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", (c) => c.json(listApiTokens(c.get("deps").db), 200))
  .delete("/:id", validate("param", idParam), (c) => {
    revokeApiToken({ ...dbWriteCtx(c), id: c.req.valid("param").id });
    return c.json({ message: "Token revoked" }, 200);
  });

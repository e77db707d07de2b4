import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { actorOf, requireAdmin, requireSecondFactor, requireSessionLogin } from "../../src/http/auth";
import { validate } from "../../src/http/validate";
import { createApiTokenSchema } from "../../src/shared/schemas/auth";
import { createApiToken, listApiTokens, revokeApiToken } from "../../src/auth/api-tokens";
import { idParam } from "../../src/shared/schemas/id-param";

/** The signed-in user's personal API tokens; managed only from a password sign-in, never with a token. */
export const apiTokensApi = new Hono<AppEnv>()
  .use(requireSessionLogin)
  .get("/", (c) => c.json(listApiTokens(c.var.deps.db, c.var.user!.id), 200))
  // a token made before the required second factor is set up would outlive the requirement
  .post("/", requireSecondFactor, validate("json", createApiTokenSchema), (c) => {
    const input = {
      ...c.req.valid("json"),
      userId: c.var.user!.id,
      actor: actorOf(c),
      now: c.var.deps.now(),
    };
    return c.json(createApiToken(c.var.deps.db, input), 201);
  })
  .delete("/:id", validate("param", idParam), (c) => {
    const input = {
      id: c.req.valid("param").id,
      userId: c.var.user!.id,
      actor: actorOf(c),
      now: c.var.deps.now(),
    };
    revokeApiToken(c.var.deps.db, input);
    return c.json({ message: "Token revoked" }, 200);
  });

/** Every user's tokens, for admins to see and revoke. */
export const adminApiTokensApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", (c) => c.json(listApiTokens(c.var.deps.db), 200))
  .delete("/:id", validate("param", idParam), (c) => {
    revokeApiToken(c.var.deps.db, { id: c.req.valid("param").id, actor: actorOf(c), now: c.var.deps.now() });
    return c.json({ message: "Token revoked" }, 200);
  });

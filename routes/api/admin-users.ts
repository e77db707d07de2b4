import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { actorOf, requireAdmin } from "../../src/http/auth";
import { validate } from "../../src/http/validate";
import {
  createUserSchema,
  idParam,
  updateUserAccessSchema,
  updateUserRoleSchema,
  updateUserStatusSchema,
} from "../../src/shared/schemas/user";
import {
  createUser,
  deleteUser,
  listUsers,
  setUserAccess,
  setUserRole,
  setUserStatus,
} from "../../src/users/users.service";

/** User management; admin-only. */
export const adminUsersApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", (c) => c.json(listUsers(c.var.deps.db)))
  .post("/", validate("json", createUserSchema), async (c) => {
    const { deps } = c.var;
    const input = c.req.valid("json");
    const passwordHash = await deps.passwords.hash(input.password); // async work stays outside the transaction
    return c.json(createUser({ db: deps.db, actor: actorOf(c), now: deps.now(), input, passwordHash }), 201);
  })
  .put("/:id/status", validate("param", idParam), validate("json", updateUserStatusSchema), (c) => {
    const ctx = { db: c.var.deps.db, actor: actorOf(c), now: c.var.deps.now() };
    return c.json(setUserStatus({ ...ctx, id: c.req.valid("param").id, status: c.req.valid("json").status }));
  })
  .put("/:id/role", validate("param", idParam), validate("json", updateUserRoleSchema), (c) => {
    const ctx = { db: c.var.deps.db, actor: actorOf(c), now: c.var.deps.now() };
    return c.json(setUserRole({ ...ctx, id: c.req.valid("param").id, role: c.req.valid("json").role }));
  })
  .put("/:id/access", validate("param", idParam), validate("json", updateUserAccessSchema), (c) => {
    const ctx = { db: c.var.deps.db, actor: actorOf(c), now: c.var.deps.now() };
    return c.json(setUserAccess({ ...ctx, id: c.req.valid("param").id, input: c.req.valid("json") }));
  })
  .delete("/:id", validate("param", idParam), (c) => {
    deleteUser({ db: c.var.deps.db, actor: actorOf(c), now: c.var.deps.now(), id: c.req.valid("param").id });
    return c.json({ message: "User deleted successfully" });
  });

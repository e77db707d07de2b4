import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { assertRecentPassword, requireAdmin, requireRecentPassword } from "../../src/http/auth";
import { dbWriteCtx, writeCtx } from "../../src/http/write-ctx";
import { validate } from "../../src/http/validate";
import {
  createUserSchema,
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
import { sendResetLink, setTemporaryPassword } from "../../src/auth/admin-recovery.service";
import { temporaryPasswordSchema } from "../../src/shared/schemas/auth";
import { noBody } from "../../src/http/openapi/describe";
import { resetSecondFactor } from "../../src/auth/two-factor-admin.service";
import { idParam } from "../../src/shared/schemas/id-param";
import { resendInvitation, revokeInvitation } from "../../src/users/invitations.service";

/** User management; admin-only. */
export const adminUsersApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", (c) => c.json(listUsers(c.get("deps").db)))
  .post("/", validate("json", createUserSchema), async (c) => {
    const deps = c.get("deps");
    const input = c.req.valid("json");
    if (input.role === "admin") assertRecentPassword(c);
    // an invited user gets an unguessable password until they choose theirs; hashing stays outside the transaction
    const passwordHash = await deps.passwords.hash(
      input.password ?? crypto.randomUUID() + crypto.randomUUID(),
    );
    const user = createUser({ ...dbWriteCtx(c), input, passwordHash });
    if (!input.password) deps.wakeMailer();
    return c.json(user, 201);
  })
  .put("/:id/status", validate("param", idParam), validate("json", updateUserStatusSchema), (c) => {
    return c.json(
      setUserStatus({ ...dbWriteCtx(c), id: c.req.valid("param").id, status: c.req.valid("json").status }),
    );
  })
  .put("/:id/role", validate("param", idParam), validate("json", updateUserRoleSchema), (c) => {
    if (c.req.valid("json").role === "admin") assertRecentPassword(c);
    return c.json(
      setUserRole({ ...dbWriteCtx(c), id: c.req.valid("param").id, role: c.req.valid("json").role }),
    );
  })
  .put("/:id/access", validate("param", idParam), validate("json", updateUserAccessSchema), (c) => {
    return c.json(
      setUserAccess({ ...dbWriteCtx(c), id: c.req.valid("param").id, input: c.req.valid("json") }),
    );
  })
  .post("/:id/password-reset", validate("param", idParam), noBody(), (c) => {
    sendResetLink({ ...writeCtx(c), id: c.req.valid("param").id });
    return c.json({ message: "A password reset link is on its way" });
  })
  .put(
    "/:id/temporary-password",
    requireRecentPassword,
    validate("param", idParam),
    validate("json", temporaryPasswordSchema),
    async (c) => {
      const deps = c.get("deps");
      const passwordHash = await deps.passwords.hash(c.req.valid("json").password);
      setTemporaryPassword({ ...dbWriteCtx(c), id: c.req.valid("param").id, passwordHash });
      return c.json({ message: "Temporary password set; it must be changed at next sign-in" });
    },
  )
  .post("/:id/reset-two-factor", requireRecentPassword, validate("param", idParam), noBody(), (c) => {
    resetSecondFactor({ ...dbWriteCtx(c), id: c.req.valid("param").id });
    return c.json({ message: "Two-factor sign-in reset; the user was signed out everywhere" });
  })
  .post("/:id/invitation", validate("param", idParam), noBody(), (c) => {
    resendInvitation({ ...writeCtx(c), id: c.req.valid("param").id });
    return c.json({ message: "A new invitation is on its way" });
  })
  .delete("/:id/invitation", validate("param", idParam), (c) => {
    revokeInvitation({ ...writeCtx(c), id: c.req.valid("param").id });
    return c.json({ message: "Invitation revoked" });
  })
  .delete("/:id", validate("param", idParam), (c) => {
    deleteUser({ ...dbWriteCtx(c), id: c.req.valid("param").id });
    return c.json({ message: "User deleted successfully" });
  });

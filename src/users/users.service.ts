import { and, asc, count, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { tickets, users, type UserRow } from "../../db/schema";
import { recordAudit, diff, type Actor } from "../audit/audit.service";
import { deleteUserSessions } from "../auth/sessions";
import { badRequest, conflict, notFound } from "../errors/domain-error";
import type { CreateUserInput, UpdateUserAccessInput } from "../shared/schemas/user";
import type { Role } from "../shared/constants";
import { toUserDto } from "./users.dto";
import { queueInvitation } from "./invitations.service";

type Ctx = { db: Db; actor: Actor; now: Date };
const immediate = { behavior: "immediate" } as const;

export const listUsers = (db: Db) =>
  db
    .select()
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.id))
    .all()
    .map((u) => toUserDto(u));

function load(tx: DbOrTx, id: number) {
  const row = tx.select().from(users).where(eq(users.id, id)).get();
  if (!row) throw notFound("User");
  return row;
}

/** The last active admin can be neither demoted, suspended nor deleted. */
function assertNotLastAdmin(tx: DbOrTx, user: UserRow, verb: string) {
  if (user.role !== "admin" || user.status !== "active") return;
  const active = tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.status, "active")))
    .get()!.n;
  if (active <= 1) throw badRequest(`The last active admin cannot be ${verb}`);
}

function assertNotSelf(actor: Actor, id: number, message: string) {
  if (actor.userId === id) throw badRequest(message);
}

/** Staff keep their access lists; an admin sees everything, so the lists are cleared (access fields apply only to staff). */
const accessFor = (role: Role, input: Partial<UpdateUserAccessInput>) =>
  role === "staff"
    ? {
        allowedDepartments: input.allowedDepartments ?? [],
        allowedCompanies: input.allowedCompanies ?? [],
        canViewAllTickets: input.canViewAllTickets ?? false,
      }
    : { allowedDepartments: [], allowedCompanies: [], canViewAllTickets: false };

export function createUser({
  db,
  actor,
  now,
  input,
  passwordHash,
}: Ctx & { input: CreateUserInput; passwordHash: string }) {
  return db.transaction((tx) => {
    if (tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get())
      throw conflict("A user with this email already exists");
    const row = tx
      .insert(users)
      .values({
        email: input.email,
        password: passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        ...accessFor(input.role, input),
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
    if (!input.password) queueInvitation(tx, row, now);
    if (!input.password) row.invitedAt = now;
    recordAudit(
      tx,
      actor,
      { action: "created", entityType: "user", entityId: row.id, newValue: toUserDto(row) },
      now,
    );
    return toUserDto(row);
  }, immediate);
}

export function setUserStatus({
  db,
  actor,
  now,
  id,
  status,
}: Ctx & { id: number; status: "active" | "suspended" }) {
  return db.transaction((tx) => {
    const before = load(tx, id);
    if (status === "suspended") {
      assertNotSelf(actor, id, "You cannot suspend your own account");
      assertNotLastAdmin(tx, before, "suspended");
      deleteUserSessions(tx, id); // a suspended user's sessions stop working at once
    }
    const row = tx.update(users).set({ status, updatedAt: now }).where(eq(users.id, id)).returning().get()!;
    recordAudit(
      tx,
      actor,
      { action: "updated", entityType: "user", entityId: id, ...diff({ status: before.status }, { status }) },
      now,
    );
    return toUserDto(row);
  }, immediate);
}

export function setUserRole({ db, actor, now, id, role }: Ctx & { id: number; role: Role }) {
  return db.transaction((tx) => {
    const before = load(tx, id);
    if (role === "staff") {
      assertNotSelf(actor, id, "You cannot change your own role");
      assertNotLastAdmin(tx, before, "demoted");
    }
    const access = role === before.role ? {} : accessFor(role, {});
    const row = tx
      .update(users)
      .set({ role, ...access, updatedAt: now })
      .where(eq(users.id, id))
      .returning()
      .get()!;
    recordAudit(
      tx,
      actor,
      { action: "role_changed", entityType: "user", entityId: id, ...diff({ role: before.role }, { role }) },
      now,
    );
    return toUserDto(row);
  }, immediate);
}

export function setUserAccess({
  db,
  actor,
  now,
  id,
  input,
}: Ctx & { id: number; input: UpdateUserAccessInput }) {
  return db.transaction((tx) => {
    const before = load(tx, id);
    if (before.role !== "staff") throw badRequest("Access can only be edited for staff users");
    const access = accessFor("staff", input);
    const row = tx
      .update(users)
      .set({ ...access, updatedAt: now })
      .where(eq(users.id, id))
      .returning()
      .get()!;
    recordAudit(
      tx,
      actor,
      {
        action: "updated",
        entityType: "user",
        entityId: id,
        ...diff(before as unknown as Record<string, unknown>, access),
      },
      now,
    );
    return toUserDto(row);
  }, immediate);
}

export function deleteUser({ db, actor, now, id }: Ctx & { id: number }) {
  db.transaction((tx) => {
    const before = load(tx, id);
    assertNotSelf(actor, id, "You cannot delete your own account");
    assertNotLastAdmin(tx, before, "deleted");
    // Their tickets go back to Unassigned rather than pointing at a missing user.
    tx.update(tickets)
      .set({ assignedTo: null })
      .where(eq(tickets.assignedTo, String(id)))
      .run();
    tx.delete(users).where(eq(users.id, id)).run();
    recordAudit(
      tx,
      actor,
      { action: "deleted", entityType: "user", entityId: id, oldValue: toUserDto(before) },
      now,
    );
  }, immediate);
}

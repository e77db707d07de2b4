import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { users, ticketStatuses, ticketDepartments, ticketTypes, ticketPriorities, companies } from "./schema";
import {
  DEFAULT_DEPARTMENTS,
  DEFAULT_PRIORITIES,
  DEFAULT_STATUSES,
  DEFAULT_TYPES,
  paletteOf,
} from "../src/shared/constants";
import { builtInWord } from "../src/config-lists/built-in-words";
import { officeLanguage } from "../src/settings/office-language";

export type SeedOptions = {
  companyName: string;
  /** Created only while no user exists. */
  admin?: { email: string; passwordHash: string };
  now?: Date;
};

const colours = (color: string) => ({
  color,
  bgColor: paletteOf(color).bg,
  textColor: paletteOf(color).text,
});

/** Idempotent: seeds each default list only while it is empty and the first admin only while no user exists. */
export function seedDatabase(db: Db, opts: SeedOptions): { adminCreated: boolean } {
  const now = opts.now ?? new Date();
  const stamp = { createdAt: now, updatedAt: now };
  const language = officeLanguage(db);
  const word = (english: string) => builtInWord(language, english);
  const isEmpty = (
    table:
      | typeof users
      | typeof companies
      | typeof ticketStatuses
      | typeof ticketDepartments
      | typeof ticketTypes
      | typeof ticketPriorities,
  ) => (db.select({ n: sql<number>`count(*)` }).from(table).get()?.n ?? 0) === 0;

  return db.transaction(
    (tx) => {
      if (isEmpty(ticketStatuses))
        tx.insert(ticketStatuses)
          .values(
            DEFAULT_STATUSES.map((s, i) => ({
              ...s,
              label: word(s.label),
              ...colours(s.color),
              position: i + 1,
              isSystem: true,
              ...stamp,
            })),
          )
          .run();
      if (isEmpty(ticketPriorities))
        tx.insert(ticketPriorities)
          .values(
            DEFAULT_PRIORITIES.map((p, i) => ({
              ...p,
              label: word(p.label),
              ...colours(p.color),
              position: i + 1,
              ...stamp,
            })),
          )
          .run();
      if (isEmpty(ticketTypes))
        tx.insert(ticketTypes)
          .values(
            DEFAULT_TYPES.map((t, i) => ({
              ...t,
              name: word(t.name),
              ...colours(t.color),
              position: i + 1,
              ...stamp,
            })),
          )
          .run();
      if (isEmpty(ticketDepartments))
        tx.insert(ticketDepartments)
          .values(DEFAULT_DEPARTMENTS.map((name, i) => ({ name: word(name), position: i + 1, ...stamp })))
          .run();
      if (isEmpty(companies))
        tx.insert(companies)
          .values({ name: opts.companyName, position: 1, ...stamp })
          .run();
      let adminCreated = false;
      if (opts.admin && isEmpty(users)) {
        tx.insert(users)
          .values({
            email: opts.admin.email.toLowerCase(),
            password: opts.admin.passwordHash,
            firstName: "Admin",
            lastName: null,
            role: "admin",
            ...stamp,
          })
          .run();
        adminCreated = true;
      }
      return { adminCreated };
    },
    { behavior: "immediate" },
  );
}

export function needsAdmin(db: Db) {
  return (db.select({ n: sql<number>`count(*)` }).from(users).get()?.n ?? 0) === 0;
}

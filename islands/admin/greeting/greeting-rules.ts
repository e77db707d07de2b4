import type { AuthUser } from "../../../src/shared/dto";
import type { StaffKey } from "../../../src/i18n/staff/en";

/** 'Good morning' before 12:00, 'Good afternoon' before 17:00, otherwise 'Good evening'. */
export function greetingFor(now: Date): StaffKey {
  const h = now.getHours();
  if (h < 12) return "greet.morning";
  if (h < 17) return "greet.afternoon";
  return "greet.evening";
}

/** The first name, else the part of the e-mail before the @, else none (the card says 'there'). */
export function greetingName(user: Pick<AuthUser, "firstName" | "email">): string | null {
  const first = user.firstName?.trim();
  if (first) return first;
  const local = user.email?.split("@")[0]?.trim();
  return local || null;
}

export const FIRST_VISIT_LINE: StaffKey = "greet.first";
export const RETURN_VISIT_LINE: StaffKey = "greet.return";

type KeyValueStore = Pick<Storage, "getItem" | "setItem">;
const visitKey = (userId: number) => `helpdesk:last-visit:${userId}`;
/** The local calendar day as YYYY-MM-DD (not toISOString, which is UTC). */
const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

/**
 * True on the user's first visit of the calendar day, tracked per user in local storage;
 * records today's visit. A blocked or full storage counts as a first visit and is otherwise ignored.
 */
export function takeFirstVisitOfDay(store: KeyValueStore | undefined, userId: number, now: Date): boolean {
  const today = localDay(now);
  try {
    const first = store?.getItem(visitKey(userId)) !== today;
    store?.setItem(visitKey(userId), today);
    return first;
  } catch {
    return true;
  }
}

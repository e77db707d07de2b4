import type { DbOrTx } from "../../db/client";
import { appSettings } from "../../db/schema";
import { badRequest } from "../errors/domain-error";
import { DEFAULT_PHONE_RULES, isPhoneCountry, phoneProblem, toE164, type PhoneRules } from "../shared/phone";
import { storedSetting } from "./stored-setting";

const KEY = "portal.phone";

/** Settings → Portal: the default country of phone numbers and whether the portal asks for one. */
export const phoneRules = storedSetting(KEY, (value): PhoneRules => {
  const v = value ? (JSON.parse(value) as Partial<PhoneRules>) : {};
  return {
    country: v.country && isPhoneCountry(v.country) ? v.country : DEFAULT_PHONE_RULES.country,
    required: v.required ?? DEFAULT_PHONE_RULES.required,
  };
});

export function savePhoneRules(tx: DbOrTx, rules: PhoneRules, now: Date) {
  const value = JSON.stringify(rules);
  tx.insert(appSettings)
    .values({ key: KEY, value, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } })
    .run();
}

/**
 * The phone as stored: the text as typed and its E.164 form for search. `required` is false where the
 * ticket did not come from the portal form (a mail has no phone).
 */
export function checkedPhone(db: DbOrTx, text: string, required: boolean) {
  const rules = phoneRules(db);
  const problem = phoneProblem(text, { ...rules, required: required && rules.required });
  if (problem) throw badRequest(problem, { phone: problem });
  return { phone: text.trim(), phoneE164: text.trim() ? toE164(text, rules.country) : null };
}

/** A phone search's query as stored, or "" (matching nothing) when it is not a number. */
export const phoneQuery = (db: DbOrTx, text: string) => toE164(text, phoneRules(db).country) ?? "";

/** Digits with the marks people type between them; a term with anything else is no phone number. */
const PHONE_SHAPE = /^\+?[\d\s()./-]{7,24}$/;

/** A staff search term as a stored phone (E.164), or null; a term shaped unlike a number costs one regex test. */
export const phoneInSearch = (db: DbOrTx, term: string) =>
  PHONE_SHAPE.test(term) ? toE164(term, phoneRules(db).country) : null;

import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from "../../../src/shared/constants";
import type { Translator } from "../../../src/i18n/translator";
import type { AuditLogDto } from "../../../src/shared/dto";
import { auditTime, auditUserName } from "./audit-format";

/** Changed fields the Changes column names in the viewer's language; any other shows as stored. */
const FIELDS = [
  "name",
  "label",
  "isActive",
  "color",
  "status",
  "priority",
  "type",
  "department",
  "assignedTo",
  "role",
  "email",
  "firstName",
  "lastName",
  "value",
] as const;

const known = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/**
 * What the audit panel calls stored actions, entity types and fields, and how it shows times. English
 * rows keep the stored names and the month/day/year clock they always had; other languages read theirs.
 */
export function auditWords({ t, lang, dateTime, number }: Translator) {
  const action = (a: string) => (known(AUDIT_ACTIONS, a) ? t(`access.audit.action.${a}`) : a);
  const entity = (e: string) => (known(AUDIT_ENTITY_TYPES, e) ? t(`access.audit.entity.${e}`) : e);
  const english = lang === "en";
  return {
    action,
    entity,
    actionBadge: (a: string) => (english ? a : action(a)),
    entityBadge: (e: string) => (english ? e : entity(e)),
    field: (f: string) => (known(FIELDS, f) ? t(`access.audit.field.${f}`) : f),
    time: (iso: string) => (english ? auditTime(iso) : dateTime(iso)),
    user: (log: Pick<AuditLogDto, "userId" | "userFirstName" | "userLastName" | "userEmail">) =>
      log.userId == null
        ? t("access.audit.system")
        : (auditUserName(log) ?? t("access.audit.userN", { id: String(log.userId) })),
    showing: (r: { from: number; to: number; total: number }) =>
      t("access.audit.showing", { from: number(r.from), to: number(r.to), total: number(r.total) }),
    page: (page: number, pages: number) =>
      t("access.audit.page", { page: number(page), pages: number(pages) }),
  };
}

export type AuditWords = ReturnType<typeof auditWords>;

import type { ConfigItemDto, EmailRoutingDto } from "../../../src/shared/dto";
import type { Translator } from "../../../src/i18n/translator";

type Lists = { departments: ConfigItemDto[]; companies: ConfigItemDto[]; types: ConfigItemDto[] };

/** A rule's condition in words; a missing reference shows as '(deleted)'. */
export function conditionSummary(
  t: Translator["t"],
  rule: Pick<EmailRoutingDto, "conditionType" | "departmentId" | "companyId" | "typeId">,
  lists: Lists,
) {
  const nameOf = (list: ConfigItemDto[], id: number | null) =>
    list.find((i) => i.id === id)?.name ?? t("mail.summary.deleted");
  const dept = () => nameOf(lists.departments, rule.departmentId);
  const company = () => nameOf(lists.companies, rule.companyId);
  const type = () => nameOf(lists.types, rule.typeId);
  switch (rule.conditionType) {
    case "department":
      return t("mail.summary.department", { name: dept() });
    case "company":
      return t("mail.summary.company", { name: company() });
    case "type":
      return t("mail.summary.type", { name: type() });
    case "both":
      return t("mail.summary.both", { first: dept(), second: company() });
    case "type_company":
      return t("mail.summary.both", { first: type(), second: company() });
    default:
      return t("mail.condition.all");
  }
}

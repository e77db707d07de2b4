import type { ConfigItemDto, EmailRoutingDto } from "../../../src/shared/dto";

type Lists = { departments: ConfigItemDto[]; companies: ConfigItemDto[]; types: ConfigItemDto[] };
const nameOf = (list: ConfigItemDto[], id: number | null) =>
  list.find((i) => i.id === id)?.name ?? "(deleted)";

/** A rule's condition in words; a missing reference shows as '(deleted)'. */
export function conditionSummary(
  rule: Pick<EmailRoutingDto, "conditionType" | "departmentId" | "companyId" | "typeId">,
  lists: Lists,
) {
  const dept = () => nameOf(lists.departments, rule.departmentId);
  const company = () => nameOf(lists.companies, rule.companyId);
  const type = () => nameOf(lists.types, rule.typeId);
  switch (rule.conditionType) {
    case "department":
      return `Department: ${dept()}`;
    case "company":
      return `Company: ${company()}`;
    case "type":
      return `Type: ${type()}`;
    case "both":
      return `${dept()} + ${company()}`;
    case "type_company":
      return `${type()} + ${company()}`;
    default:
      return "All tickets";
  }
}

export const CONDITION_LABELS: Record<EmailRoutingDto["conditionType"], string> = {
  all: "All tickets",
  department: "Department",
  company: "Company",
  both: "Department + Company",
  type: "Ticket Type",
  type_company: "Ticket Type + Company",
};

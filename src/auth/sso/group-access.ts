import type { AccessInput, GroupRule } from "../../shared/schemas/sso";

const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: "accent" }) === 0;
const union = (lists: string[][]) => [...new Set(lists.flat())];

/**
 * The access a provider's groups give: every matching rule adds its departments and companies, one admin
 * rule makes an admin. No matching group gives the provider's access for new users. Group names ignore case.
 */
export function accessForGroups(
  groups: string[],
  rules: { newUserAccess: AccessInput; groupRules: GroupRule[] },
): AccessInput {
  const matched = rules.groupRules.filter((r) => groups.some((g) => same(g, r.group)));
  if (!matched.length) return rules.newUserAccess;
  if (matched.some((r) => r.role === "admin"))
    return { role: "admin", allowedDepartments: [], allowedCompanies: [], canViewAllTickets: false };
  return {
    role: "staff",
    allowedDepartments: union(matched.map((r) => r.allowedDepartments)),
    allowedCompanies: union(matched.map((r) => r.allowedCompanies)),
    canViewAllTickets: matched.some((r) => r.canViewAllTickets),
  };
}

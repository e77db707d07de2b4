import type { GroupRule } from "../../../src/shared/schemas/sso";

/**
 * Group rules as lines an admin can type: `group = Dept, Dept / Company` (departments, then companies after
 * a slash), `group = admin`, or `group = *` for every ticket.
 */
export function formatGroupRules(rules: GroupRule[]): string {
  return rules
    .map((r) => {
      if (r.role === "admin") return `${r.group} = admin`;
      if (r.canViewAllTickets) return `${r.group} = *`;
      const companies = r.allowedCompanies.length ? ` / ${r.allowedCompanies.join(", ")}` : "";
      return `${r.group} = ${r.allowedDepartments.join(", ")}${companies}`;
    })
    .join("\n");
}

const list = (s = "") =>
  s
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);

/** A typed line that is not a rule; the Sign-in tab names it in the viewer's language. */
export class GroupRuleError extends Error {
  constructor(readonly line: string) {
    super(`Write each rule as "group = departments / companies": ${line}`);
  }
}

/** The rules of the typed lines; a line without "=" is an error naming it. */
export function parseGroupRules(text: string): { rules: GroupRule[] } | { error: GroupRuleError } {
  const rules: GroupRule[] = [];
  for (const line of text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)) {
    const at = line.indexOf("=");
    const group = line.slice(0, at).trim();
    if (at < 0 || !group) return { error: new GroupRuleError(line) };
    const rhs = line.slice(at + 1).trim();
    const base = {
      group,
      role: "staff" as const,
      allowedDepartments: [],
      allowedCompanies: [],
      canViewAllTickets: false,
    };
    if (rhs.toLowerCase() === "admin") rules.push({ ...base, role: "admin" });
    else if (rhs === "*") rules.push({ ...base, canViewAllTickets: true });
    else {
      const [departments, companies] = rhs.split("/");
      rules.push({ ...base, allowedDepartments: list(departments), allowedCompanies: list(companies) });
    }
  }
  return { rules };
}

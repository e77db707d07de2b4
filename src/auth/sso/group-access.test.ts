import { describe, expect, test } from "bun:test";
import { accessForGroups } from "./group-access";

const none = {
  role: "staff" as const,
  allowedDepartments: [],
  allowedCompanies: [],
  canViewAllTickets: false,
};
const rules = {
  newUserAccess: { ...none, allowedDepartments: ["IT"] },
  groupRules: [
    {
      ...none,
      group: "helpdesk-finance",
      allowedDepartments: ["Finance"],
      allowedCompanies: ["Main Office"],
    },
    { ...none, group: "helpdesk-sales", allowedDepartments: ["Sales", "Finance"] },
    { ...none, group: "Helpdesk-Admins", role: "admin" as const },
  ],
};

describe("access from groups", () => {
  test("no matching group gives the access for new users", () => {
    expect(accessForGroups(["other"], rules)).toEqual(rules.newUserAccess);
  });
  test("matching groups add up their departments and companies", () => {
    expect(accessForGroups(["helpdesk-finance", "HELPDESK-SALES"], rules)).toEqual({
      role: "staff",
      allowedDepartments: ["Finance", "Sales"],
      allowedCompanies: ["Main Office"],
      canViewAllTickets: false,
    });
  });
  test("an admin group makes an admin", () => {
    expect(accessForGroups(["helpdesk-sales", "helpdesk-admins"], rules).role).toBe("admin");
  });
});

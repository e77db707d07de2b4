import { describe, expect, test } from "bun:test";
import { formatGroupRules, parseGroupRules } from "./group-rules-text";

describe("group rules as text", () => {
  test("lines become rules and back", () => {
    const text = "hd-finance = Finance, Sales / Main Office\nhd-admins = admin\nhd-all = *\nhd-it = IT";
    const parsed = parseGroupRules(text);
    expect("rules" in parsed && parsed.rules[0]).toEqual({
      group: "hd-finance",
      role: "staff",
      allowedDepartments: ["Finance", "Sales"],
      allowedCompanies: ["Main Office"],
      canViewAllTickets: false,
    });
    expect("rules" in parsed && formatGroupRules(parsed.rules)).toBe(text);
  });
  test("a line without a group is refused, naming the line", () => {
    const parsed = parseGroupRules("Finance");
    expect("error" in parsed && parsed.error.line).toBe("Finance");
    expect("error" in parsed && parsed.error.message).toBe(
      'Write each rule as "group = departments / companies": Finance',
    );
  });
});

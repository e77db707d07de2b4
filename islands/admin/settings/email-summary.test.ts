import { describe, expect, test } from "bun:test";
import { conditionSummary } from "./email-summary";
import type { ConfigItemDto } from "../../../src/shared/dto";
import { translatorFor } from "../../../src/i18n/server";

const { t } = translatorFor("en");
const item = (id: number, name: string) => ({ id, name }) as ConfigItemDto;
const lists = {
  departments: [item(1, "IT")],
  companies: [item(2, "Main Office")],
  types: [item(3, "Licensing")],
};
const rule = (
  conditionType: string,
  departmentId: number | null,
  companyId: number | null,
  typeId: number | null,
) => ({ conditionType, departmentId, companyId, typeId }) as Parameters<typeof conditionSummary>[1];

describe("email rule summary", () => {
  test("summary – the text of each condition, '(deleted)' for a missing item", () => {
    expect(conditionSummary(t, rule("all", null, null, null), lists)).toBe("All tickets");
    expect(conditionSummary(t, rule("department", 1, null, null), lists)).toBe("Department: IT");
    expect(conditionSummary(t, rule("company", null, 2, null), lists)).toBe("Company: Main Office");
    expect(conditionSummary(t, rule("type", null, null, 3), lists)).toBe("Type: Licensing");
    expect(conditionSummary(t, rule("both", 1, 2, null), lists)).toBe("IT + Main Office");
    expect(conditionSummary(t, rule("type_company", null, 2, 3), lists)).toBe("Licensing + Main Office");
    expect(conditionSummary(t, rule("department", 9, null, null), lists)).toBe("Department: (deleted)");
  });

  test("summary – in the viewer's language, the office's names as typed", () => {
    const de = translatorFor("de").t;
    expect(conditionSummary(de, rule("department", 1, null, null), lists)).toBe("Abteilung: IT");
    expect(conditionSummary(de, rule("all", null, null, null), lists)).toBe("Alle Tickets");
    expect(conditionSummary(de, rule("type", null, null, 9), lists)).toBe("Typ: (gelöscht)");
  });
});

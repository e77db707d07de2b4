import { describe, expect, test } from "bun:test";
import { translatorFor } from "../../../src/i18n/server";
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from "../../../src/shared/constants";
import { auditWords } from "./audit-words";

const en = auditWords(translatorFor("en"));
const de = auditWords(translatorFor("de"));
const titleCase = (s: string) => s.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

describe("audit panel words", () => {
  test("English filters read as before: each stored name in title case", () => {
    for (const a of AUDIT_ACTIONS) expect(en.action(a)).toBe(titleCase(a));
    for (const e of AUDIT_ENTITY_TYPES) expect(en.entity(e)).toBe(titleCase(e));
  });

  test("rows – English keeps the stored names; German names actions, entities and fields in German", () => {
    expect([en.actionBadge("status_changed"), en.entityBadge("department"), en.field("name")]).toEqual([
      "status_changed",
      "department",
      "name",
    ]);
    expect([de.actionBadge("status_changed"), de.entityBadge("department"), de.field("name")]).toEqual([
      "Status geändert",
      "Abteilung",
      "Name",
    ]);
    expect(de.action("password_changed")).toBe("Passwort geändert");
    // a name the panel does not know stays as stored
    expect([de.actionBadge("tag_merged"), de.field("allowedCompanies")]).toEqual([
      "tag_merged",
      "allowedCompanies",
    ]);
  });

  test("user and time – System, 'User {id}', and each language's own clock", () => {
    const nobody = { userFirstName: null, userLastName: null, userEmail: null };
    expect(en.user({ userId: null, ...nobody })).toBe("System");
    expect(en.user({ userId: 3, ...nobody })).toBe("User 3");
    expect(de.user({ userId: 3, ...nobody })).toBe("Benutzer 3");
    expect(en.user({ userId: 3, ...nobody, userEmail: "a@b.c" })).toBe("a@b.c");
    const at = new Date(2026, 2, 4, 15, 5, 9).toISOString();
    expect(en.time(at)).toBe("03/04/2026 03:05:09 PM");
    expect(de.time(at)).toBe("04.03.2026, 15:05:09");
  });

  test("pager – totals grouped in the viewer's language", () => {
    expect(en.showing({ from: 51, to: 100, total: 121 })).toBe("Showing 51 to 100 of 121 logs");
    expect(en.showing({ from: 1201, to: 1234, total: 1234 })).toBe("Showing 1,201 to 1,234 of 1,234 logs");
    expect(de.showing({ from: 1201, to: 1234, total: 1234 })).toBe("1.201 bis 1.234 von 1.234 Einträgen");
    expect(de.page(2, 25)).toBe("Seite 2 von 25");
  });
});

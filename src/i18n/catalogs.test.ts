import { describe, expect, test } from "bun:test";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import de from "./catalogs/de";
import en from "./catalogs/en";
import es from "./catalogs/es";
import fr from "./catalogs/fr";
import { fromAcceptLanguage } from "./languages";
import staffDe from "./staff/de";
import staffEn from "./staff/en";
import staffEs from "./staff/es";
import staffFr from "./staff/fr";
import { translatorFor } from "./server";

const shipped = { de, fr, es } as Record<string, Record<string, string>>;
const staff = { de: staffDe, fr: staffFr, es: staffEs } as Record<string, Record<string, string>>;
/** The placeholders of an ICU message: a translation must use the same ones. */
const argsOf = (text: string) => [...new Set([...text.matchAll(/\{(\w+)/g)].map((m) => m[1]))].sort();

describe("catalogs", () => {
  for (const [lang, catalog] of Object.entries(shipped)) {
    test(`${lang} has every English key, no other, none empty, with the same placeholders`, () => {
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en)) {
        expect(catalog[key]?.trim(), `${lang} ${key}`).toBeTruthy();
        expect(argsOf(catalog[key]!), `${lang} ${key}`).toEqual(argsOf(text));
        expect(() => compileMessage(catalog[key]!)).not.toThrow();
      }
    });
  }

  for (const [lang, catalog] of Object.entries(staff)) {
    test(`${lang} staff texts: every English key, no other, none empty, with the same placeholders`, () => {
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(staffEn).sort());
      for (const [key, text] of Object.entries(staffEn)) {
        expect(catalog[key]?.trim(), `${lang} ${key}`).toBeTruthy();
        expect(argsOf(catalog[key]!), `${lang} ${key}`).toEqual(argsOf(text));
        expect(() => compileMessage(catalog[key]!)).not.toThrow();
      }
    });
  }

  test("messages keyed by their English text read the same in English", () => {
    for (const [key, text] of Object.entries(en))
      if (!/^[a-z][A-Za-z]*\.[\w.]+$/.test(key)) expect(text).toBe(key);
  });

  test("plurals follow each language's rules", () => {
    const n = (lang: "en" | "fr", count: number) =>
      translatorFor(lang).t("toast.submittedWithFiles", { ticketId: "WI-2026-001", count });
    expect(n("fr", 1)).toContain("1 pièce jointe");
    expect(n("fr", 2)).toContain("2 pièces jointes");
    expect(n("en", 2)).toBe("Ticket WI-2026-001 submitted successfully with 2 attachment(s)");
  });
});

test("Accept-Language: the best shipped language by q-value, else none", () => {
  expect(fromAcceptLanguage("de-DE,de;q=0.9,en;q=0.8")).toBe("de");
  expect(fromAcceptLanguage("it-IT, fr;q=0.5, en;q=0.7")).toBe("en");
  expect(fromAcceptLanguage("es;q=0, fr;q=0.1")).toBe("fr");
  expect(fromAcceptLanguage("it, pt")).toBeNull();
  expect(fromAcceptLanguage(undefined)).toBeNull();
});

test("times read as before in English and in each language's words elsewhere", () => {
  const now = new Date("2026-05-10T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const en = translatorFor("en");
  const de = translatorFor("de");
  expect(en.relative(ago(30_000), now)).toBe("Just now");
  expect(en.relative(ago(60_000), now)).toBe("1 minute ago");
  expect(en.relative(ago(3 * 3600_000), now)).toBe("3 hours ago");
  expect(en.relative(ago(2 * 86_400_000), now)).toBe("2 days ago");
  expect(en.relative(new Date("2026-05-03T12:00:00Z"), now)).toBe("May 3, 2026");
  expect(de.relative(ago(2 * 86_400_000), now)).toBe("vor 2 Tagen");
  expect(de.relative(new Date("2026-05-03T12:00:00Z"), now)).toBe("3. Mai 2026");
  expect(translatorFor("fr").relative(ago(60_000), now)).toBe("il y a 1 minute");
});

import { expect, test } from "bun:test";
import common from "../../catalogs/en";
import staff from "../en";
import { ticketEn } from "./en";
import { translatorFor } from "../../server";

test("the ticket page's, Profile's and Reports' keys are their own: none hides a common or another staff text", () => {
  const own = Object.keys(ticketEn);
  expect(own.filter((k) => k in common)).toEqual([]);
  // the staff chunk spreads these first: a later key of the same name would silently replace one
  expect(own.filter((k) => staff[k as keyof typeof staff] !== ticketEn[k as keyof typeof ticketEn])).toEqual(
    [],
  );
  for (const key of own)
    if (!/^(ticket|profile|reports)\./.test(key)) expect(ticketEn[key as keyof typeof ticketEn]).toBe(key);
});

test("a server's or a form check's English answer reads in the staff member's language", () => {
  const de = translatorFor("de");
  expect(de.message("Current password is incorrect")).toBe("Das aktuelle Passwort ist falsch");
  expect(de.message("A ticket cannot be merged into itself")).toBe(
    "Ein Ticket kann nicht mit sich selbst zusammengeführt werden",
  );
  expect(translatorFor("en").message("Current password is incorrect")).toBe("Current password is incorrect");
  expect(de.message("Something the catalog does not know")).toBe("Something the catalog does not know");
});

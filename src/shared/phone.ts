import { formatPhone, PHONE_PATTERN } from "./format";
import { AsYouType, getCountries, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";

/** How the portal takes phone numbers: the country a number without "+" belongs to, and whether one is needed. */
export type PhoneRules = { country: CountryCode; required: boolean };
export const DEFAULT_PHONE_RULES: PhoneRules = { country: "US", required: true };

export const PHONE_COUNTRIES = getCountries();
export const isPhoneCountry = (c: string): c is CountryCode => (PHONE_COUNTRIES as string[]).includes(c);

const countryName = (c: CountryCode) => new Intl.DisplayNames(["en"], { type: "region" }).of(c) ?? c;

/** The number in E.164 (`+46812345678`), or null when it cannot be one (checked by length, not by range). */
export function toE164(text: string, country: CountryCode): string | null {
  const t = text.trim();
  // a US form's number is +1 and its ten digits, unless 011 dials abroad: the parse would try the
  // number against every country sharing +1 to learn one that E.164 does not hold
  if (country === "US" && PHONE_PATTERN.test(t) && !t.startsWith("011")) return `+1${t.replaceAll("-", "")}`;
  const n = parsePhoneNumberFromString(t, country);
  return n?.isPossible() ? n.number : null;
}

const US_FORMAT = "Phone number must be in the format XXX-XXX-XXXX";

/** The message for a phone field, or null when it may be sent; a US default keeps its XXX-XXX-XXXX form. */
export function phoneProblem(text: string, rules: PhoneRules): string | null {
  const t = text.trim();
  const us = rules.country === "US" && !t.startsWith("+");
  if (!t) return rules.required ? (us ? US_FORMAT : "Phone number is required") : null;
  if (us) return PHONE_PATTERN.test(t) ? null : US_FORMAT;
  if (toE164(t, rules.country)) return null;
  return `Enter a valid ${countryName(rules.country)} number, or another country's number starting with + and its code`;
}

/** The field as the user types: national format of the default country, international after a "+". */
export function formatAsTyped(raw: string, country: CountryCode): string {
  if (raw.trim().startsWith("+")) return new AsYouType().input(raw);
  if (country === "US") return formatPhone(raw);
  return new AsYouType(country).input(raw);
}

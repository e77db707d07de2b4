import { useState } from "react";
import { formatPhone } from "../../src/shared/format";
import type { PhoneRules } from "../../src/shared/phone";

// The phone library comes when a phone field is first focused, not with the page.
let phoneLib: Promise<typeof import("../../src/shared/phone")> | null = null;
export const loadPhone = () => (phoneLib ??= import("../../src/shared/phone"));

/** Formats a phone field as it is typed, in the default country's national form, or international after "+". */
export function usePhoneFormat(country: PhoneRules["country"]) {
  const [lib, setLib] = useState<Awaited<ReturnType<typeof loadPhone>> | null>(null);
  const load = () => void loadPhone().then(setLib);
  const format = (raw: string) => {
    if (lib) return lib.formatAsTyped(raw, country);
    return country === "US" && !raw.trim().startsWith("+") ? formatPhone(raw) : raw;
  };
  return { load, format };
}

import { useEffect, useRef, useState } from "react";
import type { PhoneRules } from "../../src/shared/phone";

// The phone library comes with the first key typed in a phone field, not with the page.
let phoneLib: Promise<typeof import("../../src/shared/phone")> | null = null;
export const loadPhone = () => (phoneLib ??= import("../../src/shared/phone"));

/**
 * Formats a phone field as it is typed, in the default country's national form, or international after "+";
 * what was typed before the library arrived is formatted when it does.
 */
export function usePhoneFormat(country: PhoneRules["country"], value: string, set: (v: string) => void) {
  const [lib, setLib] = useState<Awaited<ReturnType<typeof loadPhone>> | null>(null);
  // the last text typed, even one not rendered yet: keys pressed while the library loads are kept
  const latest = useRef(value);
  latest.current = value;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the library arrives
  useEffect(() => {
    if (lib) set(lib.formatAsTyped(latest.current, country));
  }, [lib]);
  return (raw: string) => {
    latest.current = raw;
    if (lib) return lib.formatAsTyped(raw, country);
    void loadPhone().then(setLib);
    return raw;
  };
}

import { describe, expect, test } from "bun:test";
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { formatAsTyped, phoneProblem, toE164 } from "./phone";

describe("phone numbers – any country", () => {
  test("Swedish: national and international forms are the same number", () => {
    expect(toE164("08-123 456 78", "SE")).toBe("+46812345678");
    expect(toE164("+46 8 123 456 78", "US")).toBe("+46812345678");
    expect(formatAsTyped("0812345678", "SE")).toBe("08-123 456 78");
    expect(formatAsTyped("+46812345678", "SE")).toBe("+46 8 123 456 78");
    expect(phoneProblem("08-123 456 78", { country: "SE", required: true })).toBeNull();
  });

  test("German: a Berlin number in national form, and from abroad", () => {
    expect(toE164("030 1234567", "DE")).toBe("+49301234567");
    expect(toE164("+49 30 1234567", "SE")).toBe("+49301234567");
    expect(phoneProblem("+49 30 1234567", { country: "SE", required: true })).toBeNull();
  });

  test("US default: XXX-XXX-XXXX as typed, the spec's message for anything else", () => {
    const us = { country: "US", required: true } as const;
    expect(formatAsTyped("5551234567", "US")).toBe("555-123-4567");
    expect(toE164("555-123-4567", "US")).toBe("+15551234567");
    expect(phoneProblem("555-123-4567", us)).toBeNull();
    expect(phoneProblem("5551234567", us)).toBe("Phone number must be in the format XXX-XXX-XXXX");
    expect(phoneProblem("", us)).toBe("Phone number must be in the format XXX-XXX-XXXX");
    expect(phoneProblem("+46 8 123 456 78", us)).toBeNull();
  });

  test("invalid or missing: a message naming what to type; optional when not required", () => {
    expect(phoneProblem("12", { country: "SE", required: true })).toBe(
      "Enter a valid Sweden number, or another country's number starting with + and its code",
    );
    expect(phoneProblem("", { country: "SE", required: true })).toBe("Phone number is required");
    expect(phoneProblem("", { country: "SE", required: false })).toBeNull();
    expect(toE164("+99 123", "SE")).toBeNull();
  });
});

test("a US-form number's E.164 is what the library parses, for any ten digits", () => {
  const parsed = (t: string) => {
    const n = parsePhoneNumberFromString(t, "US");
    return n?.isPossible() ? n.number : null;
  };
  const samples = ["011-360-3718", "123-456-7890", "000-000-0000", "999-999-9999"];
  for (let i = 0; i < 5000; i++) {
    const d = String(Math.floor(Math.random() * 1e10)).padStart(10, "0");
    samples.push(`${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`);
  }
  for (const t of samples) expect([t, toE164(t, "US")]).toEqual([t, parsed(t)]);
});

import { afterAll, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../testing/test-app";
import { receiptWording, savePortalWording } from "../settings/portal-wording";
import { DEFAULT_WORDING } from "../shared/portal-wording";
import { confirmationMail } from "./requester-mail";

let t: TestApp | undefined;
afterAll(() => t?.close());

const ticket = (language: string) => ({ ticketId: "WI-2026-001", language });

test("the receipt promises the first-response target of the ticket's own priority, in its language", async () => {
  t = await createTestApp();
  const low = confirmationMail(ticket("en"), false, receiptWording(t.db, "low")).text;
  expect(low).toContain("We received your request and gave it the ticket ID WI-2026-001.");
  expect(low).toContain("Our team responds within 8 business hours.");
  const urgent = confirmationMail(ticket("de"), false, receiptWording(t.db, "urgent")).text;
  expect(urgent).toContain("Unser Team antwortet innerhalb von 1 Arbeitsstunde.");
});

test("the office's typed promise replaces it, in every language; an empty one leaves it out", async () => {
  t ??= await createTestApp();
  savePortalWording(t.db, { ...DEFAULT_WORDING, promise: "We answer the same day." }, new Date());
  expect(confirmationMail(ticket("fr"), false, receiptWording(t.db, "low")).text).toContain(
    "We answer the same day.",
  );
  savePortalWording(t.db, { ...DEFAULT_WORDING, promise: "" }, new Date());
  const text = confirmationMail(ticket("en"), false, receiptWording(t.db, "low")).text;
  expect(text).not.toContain("responds");
  expect(text).not.toContain("\n\n\n");
});

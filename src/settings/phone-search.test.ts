import { afterAll, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../testing/test-app";
import { phoneInSearch, savePhoneRules } from "./phone-rules";

let t: TestApp | undefined;
afterAll(() => t?.close());

test("a search term that is a phone number gives its E.164 form in the office's default country", async () => {
  t = await createTestApp();
  expect(phoneInSearch(t.db, "(415) 555-0132")).toBe("+14155550132");
  expect(phoneInSearch(t.db, "+46 8 123 456 78")).toBe("+46812345678");
  savePhoneRules(t.db, { country: "SE", required: true }, new Date());
  for (const q of ["+46 8 123 456 78", "08-123 456 78", "0812345678"])
    expect(phoneInSearch(t.db, q), q).toBe("+46812345678");
  for (const q of ["printer", "WI-2026-001", "12", "Jane Doe 555", "08-12"])
    expect(phoneInSearch(t.db, q), q).toBeNull();
});

test("a term shaped unlike a number is refused before the phone library is asked", async () => {
  t ??= await createTestApp();
  const db = t.db;
  const words = ["printer jammed", "Victor Brown", "laptop will not start", "ada@example.com"];
  for (const w of words) phoneInSearch(db, w);
  const runs = 20_000;
  const start = performance.now();
  for (let i = 0; i < runs; i++) phoneInSearch(db, words[i % words.length]!);
  const perCall = ((performance.now() - start) * 1000) / runs;
  // µs per term: a regex test, where handing each term to the phone library would cost far more
  expect(perCall).toBeLessThan(5);
});

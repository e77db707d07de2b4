import { afterEach, beforeEach, expect, test } from "bun:test";
import type { DomainError } from "../errors/domain-error";
import { PasswordHasher } from "./passwords";

const CHEAP = { memoryCost: 1024, timeCost: 1 };
const original = Bun.password.verify;
/** The real verify, watched: which password started when, and how many ran at once. */
let started: string[] = [];
let peak = 0;
beforeEach(() => {
  started = [];
  peak = 0;
  let now = 0;
  Bun.password.verify = async (...args: Parameters<typeof original>) => {
    started.push(String(args[0]));
    peak = Math.max(peak, ++now);
    try {
      return await original(...args);
    } finally {
      now--;
    }
  };
});
afterEach(() => {
  Bun.password.verify = original;
});

const codeOf = (r: PromiseSettledResult<unknown>) =>
  r.status === "fulfilled" ? "ok" : (r.reason as DomainError).code;

test("password queue – one client's burst is cut at its share; another client takes the next free slot", async () => {
  const hasher = new PasswordHasher(2, CHEAP, 32);
  const hash = await hasher.hash("secret");
  const flood = Array.from({ length: 10 }, () => hasher.verify("flood", hash, "flood"));
  const other = hasher.verify("other", hash, "other");
  const codes = (await Promise.allSettled(flood)).map(codeOf);
  await other;
  // Two running and four waiting for the flood, the rest refused at once.
  expect(codes.filter((c) => c === "rate_limited")).toHaveLength(4);
  expect(started).toHaveLength(7);
  expect(started.indexOf("other")).toBe(2);
});

test("password queue – a full queue answers 'busy' without waiting", async () => {
  const hasher = new PasswordHasher(1, CHEAP, 3);
  const hash = await hasher.hash("secret");
  const results = await Promise.allSettled(
    Array.from({ length: 8 }, (_, i) => hasher.verify("secret", hash, `client-${i}`)),
  );
  const codes = results.map(codeOf);
  expect(codes.filter((c) => c === "ok")).toHaveLength(4);
  expect(codes.filter((c) => c === "unavailable")).toHaveLength(4);
});

test("password queue – never more hashes at once than the concurrency", async () => {
  const hasher = new PasswordHasher(2, CHEAP, 100);
  const hash = await hasher.hash("x");
  await Promise.all(Array.from({ length: 30 }, (_, i) => hasher.verify("x", hash, `c${i % 7}`)));
  expect(started).toHaveLength(30);
  expect(peak).toBe(2);
});

test("password cost – production hashes at OWASP's 7 MiB / 5 passes; other costs and schemes need a rehash", async () => {
  const hasher = new PasswordHasher(1);
  const hash = await hasher.hash("correct horse");
  expect(hash).toStartWith("$argon2id$v=19$m=7168,t=5,p=1$");
  expect(hasher.needsRehash(hash)).toBe(false);
  expect(hasher.needsRehash(await Bun.password.hash("x", { algorithm: "argon2id", ...CHEAP }))).toBe(true);
  expect(
    hasher.needsRehash(
      await Bun.password.hash("x", { algorithm: "argon2id", memoryCost: 7_168, timeCost: 4 }),
    ),
  ).toBe(true);
  expect(hasher.needsRehash(await Bun.password.hash("x", { algorithm: "bcrypt", cost: 4 }))).toBe(true);
  expect(
    hasher.needsRehash(
      await Bun.password.hash("x", { algorithm: "argon2id", memoryCost: 19_456, timeCost: 2 }),
    ),
  ).toBe(true);
  expect(hasher.needsRehash("not a hash")).toBe(true);
});

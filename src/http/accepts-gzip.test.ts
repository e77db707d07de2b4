import { expect, test } from "bun:test";
import { acceptsGzip } from "./accepts-gzip";

test("accepts gzip – named or by *, never with q=0, never when nothing is sent", () => {
  expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
  expect(acceptsGzip("br;q=1.0, GZIP;q=0.5")).toBe(true);
  expect(acceptsGzip("*")).toBe(true);
  expect(acceptsGzip(undefined)).toBe(false);
  expect(acceptsGzip("")).toBe(false);
  expect(acceptsGzip("identity")).toBe(false);
  expect(acceptsGzip("br, deflate")).toBe(false);
  expect(acceptsGzip("gzip;q=0")).toBe(false);
  expect(acceptsGzip("gzip;q=0.000, *")).toBe(false);
  expect(acceptsGzip("*;q=0")).toBe(false);
  expect(acceptsGzip("x-gzip")).toBe(false);
});

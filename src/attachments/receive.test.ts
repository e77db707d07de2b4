import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { createTestApp, type TestApp } from "../testing/test-app";
import { DomainError } from "../errors/domain-error";
import { file, form } from "../tickets/tickets.fixtures";
import { CollectAfterBytes, LocalUploadsInFlight, UPLOAD_WINDOW, inFlightShare } from "./upload-budget";
import { receiveTicketFiles } from "./receive";

let t: TestApp;
beforeEach(async () => (t = await createTestApp()));
afterEach(() => t.close());

/** A multipart body as a client sends it; `cutAt` bytes in, the connection drops (the stream errors). */
async function body(fd: FormData, cutAt?: number) {
  const res = new Response(fd);
  const contentType = res.headers.get("content-type")!;
  const bytes = new Uint8Array(await res.arrayBuffer());
  let pulls = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(ctl) {
        pulls++;
        if (cutAt === undefined) {
          ctl.enqueue(bytes);
          ctl.close();
        } else if (pulls === 1) ctl.enqueue(bytes.slice(0, cutAt));
        else ctl.error(new Error("client went away"));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, contentType, length: bytes.length, pulls: () => pulls };
}

async function receive(b: Awaited<ReturnType<typeof body>>, onTicket: () => void = () => {}) {
  return receiveTicketFiles({
    deps: t.deps,
    body: b.stream,
    contentType: b.contentType,
    contentLength: b.length,
    policy: "public",
    fileFields: ["files"],
    address: "203.0.113.9",
    ticketOf: () => {
      onTicket();
      return { id: 1 };
    },
  });
}
const parts = () => readdirSync(join(t.dir, "uploads")).filter((f) => f.endsWith(".part"));

describe("upload bytes in flight", () => {
  test("the share is the declared length up to one window; a chunked body takes a whole window", () => {
    expect(inFlightShare(1000)).toBe(1000);
    expect(inFlightShare(100 * 1024 * 1024)).toBe(UPLOAD_WINDOW);
    expect(inFlightShare(null)).toBe(UPLOAD_WINDOW);
    expect(inFlightShare(0)).toBe(1);
  });

  test("bytes are set aside up to the total and given back once, however often release is called", () => {
    const budget = new LocalUploadsInFlight(10);
    const a = budget.take(6)!;
    expect(budget.take(5)).toBeNull();
    const b = budget.take(4)!;
    expect(budget.held).toBe(10);
    a();
    a();
    expect(budget.held).toBe(4);
    b();
    expect(budget.held).toBe(0);
  });

  test("a collection is asked for after every so many bytes received, whatever the chunk sizes", () => {
    let collections = 0;
    const pacer = new CollectAfterBytes(100, () => collections++);
    for (const bytes of [40, 40, 40, 99, 1, 250]) pacer.add(bytes);
    expect(collections).toBe(3);
  });

  test("an upload holds its share while it streams and gives it back when it is stored", async () => {
    const b = await body(form([["files", file("a.txt", "hello")]]));
    let during = -1;
    const got = await receive(b, () => (during = t.deps.uploadsInFlight.held));
    expect(during).toBe(b.length);
    expect(got.files.map((f) => f.size)).toEqual([5]);
    expect(t.deps.uploadsInFlight.held).toBe(0);
  });

  test("a refused upload gives its share back", async () => {
    const b = await body(form([["files", file("a.exe", "MZ")]]));
    await expect(receive(b)).rejects.toMatchObject({ code: "invalid" });
    expect(t.deps.uploadsInFlight.held).toBe(0);
  });

  test("a client that goes away mid-file: 400, its share back to zero, no half-written file left", async () => {
    const b = await body(form([["files", file("a.txt", "x".repeat(200_000))]]), 100_000);
    await expect(receive(b)).rejects.toMatchObject({ code: "invalid", message: "Malformed multipart body" });
    expect(t.deps.uploadsInFlight.held).toBe(0);
    expect(parts()).toEqual([]);
  });

  test("past the total: 503 with Retry-After, decided before a byte of the body is read", async () => {
    const hog = t.deps.uploadsInFlight.take(t.deps.config.uploads.bytesInFlight)!;
    const b = await body(form([["files", file("a.txt", "hello")]]));
    const err = await receive(b).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ code: "unavailable", retryAfter: 5 });
    expect(b.pulls()).toBe(0);
    hog();
    expect((await receive(await body(form([["files", file("a.txt", "hello")]])))).files).toHaveLength(1);
  });
});

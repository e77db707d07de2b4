// With PUBLIC_URL set, writes come only from that origin: a page on another name that points here is refused.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { launch, ticketInput, type Server } from "./harness";

let srv: Server;
const PUBLIC = "https://help.example.com";

beforeAll(async () => {
  srv = await launch({ env: { PUBLIC_URL: PUBLIC } });
}, 30_000);
afterAll(() => srv?.stop(), 15_000);

/** A ticket submission as a browser would send it from `origin`, with the Host header it would carry. */
const submit = (origin: string, host: string) =>
  fetch(`${srv.url}/api/tickets`, {
    method: "POST",
    headers: {
      Origin: origin,
      Host: host,
      "Content-Type": "application/json",
      "Sec-Fetch-Site": "same-origin",
    },
    body: JSON.stringify(ticketInput()),
  });

test("a rebound name that sends its own Host and Origin is refused", async () => {
  const res = await submit("http://rebind.attacker.test:3000", "rebind.attacker.test:3000");
  expect(res.status).toBe(403);
  expect(((await res.json()) as { message: string }).message).toBe("Cross-site request refused");
});

test("the public origin is accepted, whatever Host the proxy passes on", async () => {
  expect((await submit(PUBLIC, "help.example.com")).status).toBe(201);
  expect((await submit(PUBLIC, new URL(srv.url).host)).status).toBe(201);
});

import { expect, test } from "bun:test";
import { statSync } from "node:fs";
import { createTestApp } from "../testing/test-app";
import { validTicket } from "./tickets.fixtures";
import { emailRouting } from "../../db/schema";

// A statement left open stops WAL checkpoints; the submission path must not do that.
test("submissions – the WAL file stays small under sustained load", async () => {
  const t = await createTestApp();
  try {
    const now = new Date();
    t.db
      .insert(emailRouting)
      .values({
        name: "all",
        emailAddresses: "ops@example.com",
        conditionType: "all",
        createdAt: now,
        updatedAt: now,
      })
      .run();
    const body = JSON.stringify(validTicket());
    const headers = { "Content-Type": "application/json", Origin: "http://localhost", Host: "localhost" };
    for (let i = 0; i < 4000; i++)
      expect(
        (await t.app.request("http://localhost/api/tickets", { method: "POST", body, headers })).status,
      ).toBe(201);
    expect(statSync(`${t.config.dbPath}-wal`).size).toBeLessThan(16 * 1024 * 1024);
  } finally {
    t.close();
  }
}, 60_000);

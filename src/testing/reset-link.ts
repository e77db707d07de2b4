// Test-only: asks for a reset e-mail and returns the link token the mail worker would send.
import { desc } from "drizzle-orm";
import { mailOutbox } from "../../db/schema";
import { withResetLink } from "../auth/reset-tokens";
import type { TestApp } from "./test-app";

export async function resetLinkToken(t: TestApp, email: string): Promise<string> {
  await t.request("/api/auth/forgot-password", { json: { email } });
  const row = t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1).get()!;
  const sent = withResetLink(t.db, row, t.deps.now());
  return sent.textBody.match(/reset-password\/([a-z2-7]{32})/)![1]!;
}

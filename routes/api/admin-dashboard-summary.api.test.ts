import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { getDailySummary } from "../../src/dashboard/ai-summary";
import { NOW, at, seedTicket } from "../../src/dashboard/summary.fixtures";
import { chatCompletion, hang, provider } from "../../src/dashboard/provider.fixtures";

const AI_ANSWER = {
  summary: "A steady day.",
  highlights: ["IT is busiest."],
  trends: ["Up on yesterday."],
  recommendations: ["Assign the urgent ticket."],
};
let t: TestApp | undefined;
const stops: (() => void)[] = [];
afterEach(() => {
  t?.close();
  t = undefined;
});
afterAll(() => {
  for (const stop of stops) stop();
});
let clock = NOW;

async function appWith(answer?: Parameters<typeof provider>[0]) {
  const p = answer ? provider(answer) : undefined;
  if (p) stops.push(p.stop);
  const env: Record<string, string> = p
    ? { AI_BASE_URL: `${p.url}/v1`, AI_API_KEY: "sk-test-key", AI_MODEL: "test-model" }
    : {};
  clock = NOW;
  t = await createTestApp({ env, now: () => clock });
  seedTicket(t.db, { at: at(2, 9), priority: "urgent", companyName: "Acme Secret Holdings" });
  seedTicket(t.db, { at: at(0, 10), department: "Finance" });
  return { t, p, cookie: await t.loginAs("admin") };
}
const summary = async (t: TestApp, cookie: string) => {
  const res = await t.request("/api/admin/ai-summary", { cookie });
  expect(res.status).toBe(200);
  return res.json();
};

describe("daily summary – API", () => {
  test("without an AI provider the built-in summary answers in the same shape", async () => {
    const { t, cookie } = await appWith();
    const body = await summary(t, cookie);
    expect(body).toMatchObject({
      source: "built-in",
      summary: "1 new ticket today, none solved yet. 2 tickets are open and 0 in progress.",
    });
    for (const k of ["highlights", "trends", "recommendations"]) expect(body[k].length).toBeGreaterThan(0);
  });

  test("with a provider the card shows its JSON answer, and the request carries no personal data", async () => {
    const { t, p, cookie } = await appWith(() => chatCompletion(JSON.stringify(AI_ANSWER)));
    expect(await summary(t, cookie)).toMatchObject({ ...AI_ANSWER, source: "ai" });
    const call = p!.calls[0]!;
    expect(call.url.pathname).toBe("/v1/chat/completions");
    expect(call.headers.get("authorization")).toBe("Bearer sk-test-key");
    const sent = JSON.parse(call.body);
    expect(sent).toMatchObject({ model: "test-model", response_format: { type: "json_object" } });
    const rows = t.sqlite
      .query("SELECT ticket_id, first_name, last_name, email, phone, description, company_name FROM tickets")
      .all() as Record<string, string>[];
    for (const r of rows) {
      expect(call.body).toContain(r.ticket_id!);
      for (const k of ["first_name", "last_name", "email", "phone", "description", "company_name"])
        expect(call.body).not.toContain(r[k]!);
    }
  });

  test("a failing, garbage or wrongly shaped AI answer falls back to the built-in summary", async () => {
    const answers = [
      new Response("upstream down", { status: 500 }),
      new Response("<html>"),
      chatCompletion("Sure! Here is your summary."),
      chatCompletion(JSON.stringify({ summary: "only this" })),
    ];
    for (const answer of answers) {
      const { t, cookie } = await appWith(() => answer.clone());
      expect((await summary(t, cookie)).source).toBe("built-in");
      t.close();
    }
    t = undefined;
  });

  test("an AI provider that hangs is cut off by the timeout and the built-in summary is used", async () => {
    const { t } = await appWith(hang);
    const started = Date.now();
    const admin = (await (
      await t.request("/api/auth/user", { cookie: await t.loginAs("admin") })
    ).json()) as Parameters<typeof getDailySummary>[1];
    const body = await getDailySummary(t.deps, admin, 300);
    expect([body.source, Date.now() - started < 2000]).toEqual(["built-in", true]);
  });

  test("cached 5 minutes per scope: one provider call for many views, another for a different scope", async () => {
    const { t, p, cookie } = await appWith(() => chatCompletion(JSON.stringify(AI_ANSWER)));
    await Promise.all([
      summary(t, cookie),
      summary(t, cookie),
      summary(t, await t.loginAs("staff", { canViewAllTickets: true })),
    ]);
    expect(p!.calls.length).toBe(1);
    const finance = await t.loginAs("staff", { allowedDepartments: ["Finance"] });
    await summary(t, finance);
    expect(p!.calls.length).toBe(2);
    expect(JSON.parse(JSON.parse(p!.calls[1]!.body).messages[1].content).figures.today).toBe(1);
    clock = new Date(NOW.getTime() + 6 * 60_000);
    await summary(t, cookie);
    expect(p!.calls.length).toBe(3);
  });
});

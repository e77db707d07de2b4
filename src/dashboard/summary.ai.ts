import { z } from "zod";
import type { Config } from "../config";
import type { SummaryFigures } from "./summary.figures";
import type { SummaryBody } from "./summary.builtin";

const line = z.string().trim().min(1).max(600);
const answerSchema = z.object({
  summary: line,
  highlights: z.array(line).max(10),
  trends: z.array(line).max(10),
  recommendations: z.array(line).max(10),
});
const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

const SYSTEM = [
  "You write the daily summary for a small office IT helpdesk dashboard.",
  'Reply with one JSON object only: {"summary": string, "highlights": string[], "trends": string[], "recommendations": string[]}.',
  "Use plain, specific sentences based only on the figures given; at most 5 items per list.",
].join(" ");

/**
 * What leaves the server: aggregated counts plus ticket ids, types, priorities and ages.
 * Never names, e-mails, phones, company names or descriptions: only counts leave the server.
 */
function redactFigures(f: SummaryFigures) {
  const { busiestCompany: _company, oldestOpen, ...counts } = f;
  return {
    ...counts,
    oldestOpen: oldestOpen.map(({ ticketId, ticketType, priority, status, ageHours, ageBusinessDays }) => ({
      ticketId,
      ticketType,
      priority,
      status,
      ageHours,
      ageBusinessDays,
    })),
  };
}

/** One OpenAI-compatible chat completion asked for JSON; throws on any failure or invalid answer. */
export async function aiSummary(
  ai: NonNullable<Config["ai"]>,
  f: SummaryFigures,
  now: Date,
  timeoutMs: number,
): Promise<SummaryBody> {
  const body = {
    model: ai.model,
    temperature: 0.2,
    response_format: { type: "json_object" },
    messages: [
      { role: "system", content: SYSTEM },
      {
        role: "user",
        content: JSON.stringify({ generatedAt: now.toISOString(), figures: redactFigures(f) }),
      },
    ],
  };
  const res = await fetch(`${ai.baseUrl.replace(/\/+$/, "")}/chat/completions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${ai.apiKey}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!res.ok) throw new Error(`AI provider answered ${res.status}`);
  const content = completionSchema.parse(await res.json()).choices[0]!.message.content;
  // Some models wrap JSON in a Markdown fence despite response_format.
  const json = content.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, "");
  return answerSchema.parse(JSON.parse(json));
}

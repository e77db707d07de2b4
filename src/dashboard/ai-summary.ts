import type { Deps } from "../deps";
import type { AiSummaryDto } from "../shared/dto";
import { AI_SUMMARY_CACHE_MS } from "../shared/constants";
import type { ScopeActor } from "../tickets/tickets.scope";
import { log } from "../log";
import { cached } from "./cache";
import { collectFigures } from "./summary.figures";
import { builtInSummary } from "./summary.builtin";
import { aiSummary } from "./summary.ai";

/** Viewers who see the same tickets share a cache entry; restricted staff get their own. */
function scopeKey(actor: ScopeActor): string {
  if (actor.role === "admin" || actor.canViewAllTickets) return "all";
  const list = (xs: string[]) => [...xs].sort().join(",");
  return `user:${actor.id}|d:${list(actor.allowedDepartments)}|c:${list(actor.allowedCompanies)}`;
}

type SummaryDeps = Pick<Deps, "config" | "db" | "cache" | "now">;

/** The daily summary for the viewer's scope: the AI provider when configured, else (or on any failure) built in. */
export function getDailySummary(
  deps: SummaryDeps,
  actor: ScopeActor,
  timeoutMs = 10_000,
): Promise<AiSummaryDto> {
  return cached(deps, `ai-summary:${scopeKey(actor)}`, AI_SUMMARY_CACHE_MS, async () => {
    const now = deps.now();
    const figures = collectFigures(deps.db, actor, now);
    const generatedAt = now.toISOString();
    if (deps.config.ai) {
      try {
        return { ...(await aiSummary(deps.config.ai, figures, now, timeoutMs)), source: "ai", generatedAt };
      } catch (err) {
        log.warn("AI summary failed; using the built-in summary", {
          error: String((err as Error)?.message ?? err),
        });
      }
    }
    return { ...builtInSummary(figures), source: "built-in", generatedAt };
  });
}

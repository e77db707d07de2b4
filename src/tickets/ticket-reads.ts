import type { Database } from "bun:sqlite";
import type { Db } from "../../db/client";
import { ReadCache, type ReadCtx } from "../../db/read-cache";
import type { AuthUser } from "../shared/dto";
import type { TicketFilters } from "../shared/schemas/filters";
import type { Actor } from "../audit/audit.service";
import { CostlyReadLane } from "./costly-read-lane";
import { withFieldConds } from "../custom-fields/field-filters";
import { exportTickets } from "./tickets.export";
import { publicConfig, publicConfigLists } from "./public-config";
import { report } from "../reports/reports.queries";
import type { ReportKind, ReportQuery } from "../shared/schemas/reports";
import type { ScopeActor } from "./tickets.scope";
import {
  countTickets,
  listTickets,
  pageJson,
  ticketBreakdown,
  ticketStats,
  todayActivity,
  type TicketPage,
} from "./tickets.queries";

type Limits = { countCap: number; budgetMs: number; lane: { perUser: number; total: number } };

/**
 * Every read of tickets the app answers: lists, counts, search, due lists, breakdowns, today's
 * activity, exports and the public option lists. It owns the app's one read cache and its
 * costly-read lane; one per app, in deps.
 */
export class TicketReads {
  readonly cache: ReadCache;
  readonly lane: CostlyReadLane;
  readonly #r: ReadCtx & { db: Db };

  constructor(
    db: Db,
    sqlite: Database,
    private readonly limits: Limits,
    ms: () => number,
  ) {
    this.cache = new ReadCache(sqlite);
    this.lane = new CostlyReadLane(limits.lane.perUser, limits.lane.total, ms);
    this.#r = { db, cache: this.cache };
  }

  /** One page in the filters' order, its next cursor and its total (exact, or a lower bound). */
  list(actor: ScopeActor, f: TicketFilters): TicketPage {
    return listTickets(this.#r, actor, this.#fields(f), {
      countCap: this.limits.countCap,
      budgetMs: this.limits.budgetMs,
    });
  }

  /** A page as the JSON bytes sent (and their gzip), cached with the tickets on it. */
  listJson(page: TicketPage) {
    return pageJson(this.cache, page);
  }

  count(actor: ScopeActor, f: Partial<TicketFilters>) {
    return countTickets(this.#r, actor, this.#fields(f), this.limits.countCap);
  }

  stats(actor: ScopeActor, now: Date) {
    return ticketStats(this.#r, actor, now, this.limits.countCap);
  }

  breakdown(actor: ScopeActor, f: TicketFilters) {
    return ticketBreakdown(this.#r, actor, this.#fields(f), this.limits.budgetMs);
  }

  today(actor: ScopeActor, now: Date) {
    return todayActivity(this.#r, actor, now);
  }

  export(actor: Actor, user: AuthUser, f: TicketFilters, now: Date) {
    return exportTickets(this.#r, actor, user, this.#fields(f), now);
  }

  /** One figure of the Reports page. */
  report<K extends ReportKind>(actor: ScopeActor, kind: K, q: ReportQuery, now: Date) {
    return report(this.#r, actor, kind, q, now);
  }

  publicConfig() {
    return publicConfig(this.#r);
  }

  publicList<K extends keyof typeof publicConfigLists>(kind: K) {
    return publicConfigLists[kind](this.#r) as ReturnType<(typeof publicConfigLists)[K]>;
  }

  /** Custom field filters checked against the fields once, before any query uses them. */
  #fields<F extends Partial<TicketFilters>>(f: F): F {
    return withFieldConds(this.#r, f);
  }

  /** The database and cache for reads made elsewhere (sessions, views) through the same cache. */
  get ctx(): ReadCtx & { db: Db } {
    return this.#r;
  }
}

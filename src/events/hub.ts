import type { Database } from "bun:sqlite";
import type { Db } from "../../db/client";
import type { TicketRow } from "../../db/schema";
import type { PresenceTicket } from "../workers/ipc";
import type { AuthUser } from "../shared/dto";
import { usersOfSessions } from "../auth/sessions";
import { toUserDto } from "../users/users.dto";
import { tooMany } from "../errors/domain-error";
import { scopeOf } from "../tickets/tickets.scope";
import { changesAfter, dataVersion, logBounds, ticketsById, type Change } from "./change-log";
import { chunkFor, sse } from "./render";
import { viewerMarks } from "./viewers";
import { Presence } from "./presence";
import { log } from "../log";
import { LocalStreamSlots, type StreamSlots } from "../limits/stream-slots";
import { newestNotification, notificationsAfter } from "../notifications/live";
import { liveEntry, prefsOfUsers } from "../notifications/new-tickets";
import { rowInScope } from "../tickets/tickets.scope";

/** One open event stream. `write` must not throw; `end` closes the stream. */
export type LiveClient = {
  sid: string;
  user: AuthUser;
  write: (text: string) => void;
  end: () => void;
};

const TICK_MS = 50;
const IDLE_SESSION_CHECK_MS = 2_000;
const BATCH = 2000;
const STREAMS_PER_USER = 5;

/**
 * The one place a process follows the change log for its event streams. A short timer compares the
 * database's change counters (two pragmas), reads only rows after the last one seen, and writes each
 * client what its scope allows; with no client connected it does nothing at all.
 */
export class EventHub {
  /** The open streams, each with what gives its place among its user's back. */
  private clients = new Map<LiveClient, () => void>();
  private lastId = 0;
  private lastNotificationId = 0;
  private version = "";
  private timer: ReturnType<typeof setInterval> | null = null;
  private checkedAt = 0;
  /** The database's change mark when the viewers were last read, and each session's mark then. */
  private checkedVersion = "";
  private marks = new Map<string, string | null>();
  readonly presence = new Presence((text, row) => this.broadcast(text, row));

  constructor(
    private db: Db,
    private sqlite: Database,
    private now: () => Date,
    /** Counts a user's streams over every server process (in memory when there is one). */
    private slots: StreamSlots = new LocalStreamSlots(),
  ) {}

  /** Adds a stream, first replaying what it missed after `lastEventId` (or asking it to reload). */
  connect(client: LiveClient, lastEventId?: number) {
    const place = this.slots.take(String(client.user.id), STREAMS_PER_USER);
    if (!place) throw tooMany(5, `At most ${STREAMS_PER_USER} live streams per user`);
    try {
      if (!this.timer) this.start();
      if (lastEventId !== undefined && lastEventId < this.lastId) {
        const { oldest } = logBounds(this.sqlite);
        if (oldest > lastEventId + 1) client.write(sse("reload", {}, this.lastId));
        else this.replay(client, lastEventId);
      }
    } catch (error) {
      place(); // a stream that never opened holds no place
      throw error;
    }
    this.clients.set(client, place);
    return () => this.disconnect(client);
  }

  private disconnect(client: LiveClient) {
    const place = this.clients.get(client);
    if (!place) return;
    this.clients.delete(client);
    place();
    if (![...this.clients.keys()].some((c) => c.user.id === client.user.id))
      this.presence.leave(client.user.id);
    if (!this.clients.size) this.stop();
  }

  private replay(client: LiveClient, from: number) {
    for (let at = from; at < this.lastId; ) {
      const changes = changesAfter(this.sqlite, at, BATCH).filter((c) => c.id <= this.lastId);
      if (!changes.length) break;
      client.write(chunkFor(client.user, changes, ticketsById(this.db, ids(changes))));
      at = changes.at(-1)!.id;
    }
  }

  private start() {
    this.lastId = logBounds(this.sqlite).newest;
    this.lastNotificationId = newestNotification(this.sqlite);
    this.version = dataVersion(this.sqlite);
    this.timer = setInterval(() => {
      try {
        this.tick();
      } catch (err) {
        // a busy or full database must not end the process; the next tick tries again
        log.error("live events tick failed", { error: String(err) });
      }
    }, TICK_MS);
  }

  private stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Sends every new change to the clients allowed to see it; ends streams whose session ended. */
  tick() {
    const now = this.now().getTime();
    // Sessions also expire with no write at all.
    if (now - this.checkedAt >= IDLE_SESSION_CHECK_MS) this.checkSessions(now);
    const version = dataVersion(this.sqlite);
    if (version === this.version) return;
    this.version = version;
    for (let full = true; full; ) {
      const changes = changesAfter(this.sqlite, this.lastId, BATCH);
      full = changes.length === BATCH;
      // Viewers are read after the changes, so a scope or session change committed before any is seen.
      this.checkSessionsIfWritten(now);
      if (!changes.length) break;
      this.lastId = changes.at(-1)!.id;
      this.tellNewTickets(changes, this.fanOut(changes));
    }
    this.notifyOwners();
  }

  /** New bell entries go to their owner's streams only, and only while the ticket is in their scope. */
  private notifyOwners() {
    for (let full = true; full; ) {
      const rows = notificationsAfter(this.sqlite, this.lastNotificationId, BATCH);
      full = rows.length === BATCH;
      if (!rows.length) break;
      this.lastNotificationId = rows.at(-1)!.dto.id;
      const byUser = Map.groupBy(rows, (n) => n.userId);
      for (const client of this.clients.keys())
        for (const n of byUser.get(client.user.id) ?? [])
          if (rowInScope(client.user, n.row)) client.write(sse("notification", n.dto));
    }
  }

  /** After any write, re-reads the viewers whose user or session changed (a mark per session tells). */
  private checkSessionsIfWritten(now: number) {
    const version = dataVersion(this.sqlite);
    if (version === this.checkedVersion) return;
    this.checkedVersion = version;
    const sids = this.sids();
    const marks = viewerMarks(this.sqlite, sids);
    const moved = sids.filter((sid) => !marks.has(sid) || marks.get(sid) !== this.marks.get(sid));
    this.marks = marks;
    if (moved.length) this.refresh(moved, now);
  }

  /** New tickets reach, as bell entries, the streams of agents who asked for them and may see them. */
  private tellNewTickets(changes: Change[], current: Map<number, TicketRow>) {
    const created = changes.filter((c) => c.kind === "created");
    if (!created.length) return;
    const prefs = prefsOfUsers(this.db, [...new Set([...this.clients.keys()].map((c) => c.user.id))]);
    for (const client of this.clients.keys())
      for (const c of created) {
        const ticket = current.get(c.ticketId);
        const entry = ticket && liveEntry(client.user, prefs.get(client.user.id), ticket);
        if (entry) client.write(sse("notification", entry));
      }
  }

  private fanOut(changes: Change[]): Map<number, TicketRow> {
    const current = ticketsById(this.db, ids(changes));
    const byScope = new Map<string, string>(); // viewers with the same scope share one rendering
    for (const client of this.clients.keys()) {
      const key = JSON.stringify(scopeOf(client.user) ?? null);
      let chunk = byScope.get(key);
      if (chunk === undefined) {
        chunk = chunkFor(client.user, changes, current);
        byScope.set(key, chunk);
      }
      if (chunk) client.write(chunk);
    }
    return current;
  }

  /** Every viewer read again (sessions also expire with no write at all). */
  private checkSessions(now: number) {
    this.checkedAt = now;
    this.checkedVersion = dataVersion(this.sqlite);
    this.marks = viewerMarks(this.sqlite, this.sids());
    this.refresh(this.sids(), now);
  }

  /** A signed-out, expired, suspended or deleted user's streams end; a changed scope applies from now on. */
  private refresh(sids: string[], now: number) {
    const live = usersOfSessions(this.db, sids, new Date(now));
    const asked = new Set(sids);
    for (const client of [...this.clients.keys()]) {
      if (!asked.has(client.sid)) continue;
      const user = live.get(client.sid);
      if (user) client.user = toUserDto(user);
      else {
        this.disconnect(client);
        client.end();
      }
    }
  }

  private sids() {
    return [...new Set([...this.clients.keys()].map((c) => c.sid))];
  }

  private broadcast(text: string, row: PresenceTicket) {
    this.checkSessionsIfWritten(this.now().getTime());
    for (const client of this.clients.keys()) if (this.presence.canSee(client.user, row)) client.write(text);
  }

  /** Ends every stream (shutting down: clients reconnect to the next process with Last-Event-ID). */
  closeAll() {
    for (const client of [...this.clients.keys()]) {
      this.disconnect(client);
      client.end();
    }
  }

  /** How many streams are open (for the bench and health). */
  get size() {
    return this.clients.size;
  }
}

const ids = (changes: { ticketId: number }[]) => [...new Set(changes.map((c) => c.ticketId))];

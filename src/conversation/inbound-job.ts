import { sha256Hex } from "../auth/sha256";
import type { Deps } from "../deps";
import { claimLease, releaseLease } from "../jobs/lease";
import { RateLimiter } from "../limits/rate-limiter";
import { log } from "../log";
import { classify } from "./inbound/classify";
import type { HandleResult, InboundItem } from "./inbound/mailbox";
import type { InboundMessage } from "./inbound/parse";
import { watch } from "./inbound/watch";
import { getInboundStatus, saveInboundStatus } from "./inbound-status";
import { receiveMail, recordSkip } from "./inbound.service";
import { mailDomain } from "./message-id";
import { currentInbound } from "../settings/mail-transport";

const LEASE_MS = 90_000;
/**
 * Each stored reply is a synchronous, fsynced transaction on the server's one thread. Read as fast as it
 * goes, a backlog crowds out page requests; at most this many a second leaves most of the thread to them.
 */
const MESSAGES_PER_SECOND = 75;
const RENEW_MS = 30_000;

/** A message without a Message-ID still needs a stable one, so a second reading is known as the same mail. */
const idOf = (m: InboundMessage) =>
  m.messageId ??
  `<${sha256Hex(`${m.from?.address}|${m.date?.toISOString()}|${m.subject}|${m.fullText}`).slice(0, 40)}@no-message-id.invalid>`;

/** What to do with one message from the mailbox; the mailbox layer flags or leaves it after this resolves. */
export function inboundHandler(
  deps: Deps,
  perSender = new RateLimiter(deps.config.inbound?.perSenderPerHour ?? 20, 3600_000),
) {
  const ours = mailDomain(deps.config.mail.from);
  let next = 0;
  const handle = handleOne(deps, ours, perSender);
  return async (item: InboundItem): Promise<HandleResult> => {
    const wait = next - performance.now();
    if (wait > 0) await Bun.sleep(wait);
    next = performance.now() + 1000 / MESSAGES_PER_SECOND;
    return handle(item);
  };
}

function handleOne(deps: Deps, ours: string, perSender: RateLimiter) {
  return async (item: InboundItem): Promise<HandleResult> => {
    if (item.kind === "unreadable") {
      recordSkip({
        deps,
        now: deps.now(),
        mail: {
          messageId: `<unreadable-${item.uid}-${item.size}@inbound.invalid>`,
          subject: "",
          from: { name: null, address: "" },
        },
        reason: "unreadable",
      });
      return "leave";
    }
    const m = item.message;
    const mail = {
      messageId: idOf(m),
      subject: m.subject,
      from: { name: m.from?.name || null, address: m.from?.address ?? "" },
    };
    if (item.kind === "oversized") {
      recordSkip({ deps, now: deps.now(), mail, reason: "too large" });
      return "refused";
    }
    if (!m.from?.address || classify(m, { ourMessageIdDomain: ours }) !== "ok") return "ignored";
    const result = await receiveMail({
      deps,
      now: deps.now(),
      mail: {
        ...mail,
        inReplyTo: m.inReplyTo,
        references: m.references,
        authResults: m.authResults,
        recipients: m.recipients,
        text: m.text || m.fullText,
        attachments: m.attachments
          .filter((a) => !a.inline)
          .map((a) => ({ filename: a.filename, content: a.content })),
      },
      // Over its hourly budget (per verified ticket or authenticated sender, never the bare From) mail waits unread.
      admit: (key) => perSender.hit(key) === 0,
    });
    if (result.outcome === "deferred") return "retry";
    if (result.outcome === "stored")
      log.info("mail reply stored", { ticketId: result.ticketId, created: result.created });
    return result.outcome === "stored" ? "stored" : result.outcome === "duplicate" ? "ignored" : "leave";
  };
}

/**
 * Reads replies from IMAP_URL in exactly one server process: the holder of the "inbound" lease, renewed while
 * it runs. Every pass's outcome is written where the Email tab (and every process) can read it.
 */
export function startInboundJob(deps: Deps, owner: string) {
  let watcher: ReturnType<typeof watch> | null = null;
  let reading: string | null = null;
  let processed = getInboundStatus(deps.db).processed;
  const handle = inboundHandler(deps);
  const start = (inbound: NonNullable<ReturnType<typeof currentInbound>>) =>
    watch({
      url: inbound.imapUrl,
      pollSeconds: inbound.pollSeconds,
      maxBytes: inbound.maxBytes,
      handle,
      onReport: (report, status) => {
        processed += report.stored;
        saveInboundStatus(
          deps.db,
          {
            lastPollAt: status.lastPollAt?.toISOString() ?? null,
            lastError: status.lastError,
            lastErrorAt: status.lastErrorAt?.toISOString() ?? null,
            processed,
          },
          deps.now(),
        );
      },
      onError: (error, status) => {
        log.warn("inbound mail failed", { error: error.message, failures: status.failures });
        saveInboundStatus(
          deps.db,
          { ...getInboundStatus(deps.db), lastError: error.message, lastErrorAt: deps.now().toISOString() },
          deps.now(),
        );
      },
    });
  const tick = () => {
    try {
      // the account is read on every check, so a change in Settings takes effect without a restart
      const inbound = currentInbound(deps);
      const mine = Boolean(inbound) && claimLease(deps.db, "inbound", owner, deps.now(), LEASE_MS);
      if (watcher && (!mine || reading !== inbound?.imapUrl)) {
        void watcher.stop();
        watcher = null;
      }
      if (mine && inbound && !watcher) {
        watcher = start(inbound);
        reading = inbound.imapUrl;
      }
    } catch (err) {
      log.warn("inbound lease check failed", { error: String(err) });
    }
  };
  tick();
  const timer = setInterval(tick, RENEW_MS);
  return {
    stop: async () => {
      clearInterval(timer);
      await watcher?.stop();
      releaseLease(deps.db, "inbound", owner);
    },
  };
}

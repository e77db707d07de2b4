import { z } from "zod";
import { resolve } from "node:path";
import { isIP } from "node:net";
import { availableParallelism } from "node:os";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => ["true", "1", "yes"].includes(v));
const optionalUrl = z.string().url().optional();
/** An address or a CIDR range (`10.0.0.0/8`, `fd00::/8`). */
const isRange = (entry: string) => {
  const [addr = "", bits, extra] = entry.split("/");
  const v = isIP(addr);
  if (!v || extra !== undefined) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (v === 4 ? 32 : 128));
};
const addressList = z
  .string()
  .transform((s) =>
    s
      .split(",")
      .map((e) => e.trim())
      .filter(Boolean),
  )
  .refine((list) => list.every(isRange), "must be IP addresses or CIDR ranges, separated by commas");
const UNITS: Record<string, number> = { "": 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 };
/** A byte count, plain or with a K/M/G suffix (binary units): `52428800`, `50M`. */
const bytes = z
  .string()
  .regex(/^\d+\s*([KMG]i?B?)?$/i, "must be a byte count like 52428800 or 50M")
  .transform((v) => {
    const [, n, unit = ""] = v.match(/^(\d+)\s*([KMG]?)/i)!;
    return Number(n) * UNITS[unit.toUpperCase()]!;
  });

/** More processes than this only add lock contention on the one database file. */
const MAX_WORKERS = 8;
const autoWorkers = () => Math.max(1, Math.min(availableParallelism(), MAX_WORKERS));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  COMPANY_NAME: z.string().min(1).default("Main Office"),
  PUBLIC_URL: optionalUrl,
  TRUST_PROXY: bool.default(false),
  TRUSTED_PROXIES: addressList.default([]),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().positive().default(32),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(30),
  SQLITE_SYNCHRONOUS: z.enum(["FULL", "NORMAL"]).default("FULL"),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_PUBLIC_WRITES: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_PUBLIC_SEARCH: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_PUBLIC_READS: z.coerce.number().int().positive().default(60),
  UPLOAD_BYTES_PER_ADDRESS: bytes.optional().transform((v) => v ?? 50 * 1024 ** 2),
  UPLOAD_BYTES_PER_TICKET: bytes.optional().transform((v) => v ?? 100 * 1024 ** 2),
  MIN_FREE_DISK_MB: z.coerce.number().int().min(0).default(512),
  // at least one upload's window (6M), or no large upload could ever be received
  UPLOAD_BYTES_IN_FLIGHT: bytes
    .optional()
    .transform((v) => v ?? 36 * 1024 ** 2)
    .refine((v) => v >= 6 * 1024 ** 2, "must be at least 6M"),
  CONFIRMATIONS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(0).default(3),
  EXPENSIVE_READS_PER_USER: z.coerce.number().int().positive().default(2),
  EXPENSIVE_READS_TOTAL: z.coerce.number().int().positive().default(8),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  PASSWORD_RESETS_PER_HOUR: z.coerce.number().int().positive().default(3),
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().positive().default(2),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default("Helpdesk <helpdesk@localhost>"),
  MAIL_REPLY_TO: z.string().email().optional(),
  MAIL_PLUS_ADDRESSING: bool.default(false),
  INBOUND_AUTHSERV_ID: z.string().min(1).optional(),
  IMAP_URL: z
    .string()
    .url()
    .refine((u) => /^imaps?:\/\//.test(u), "must start with imap:// or imaps://")
    .optional(),
  IMAP_POLL_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  INBOUND_CREATE_TICKETS: bool.default(false),
  INBOUND_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(25 * 1024 * 1024),
  INBOUND_PER_SENDER_PER_HOUR: z.coerce.number().int().positive().default(20),
  INBOUND_DEFAULT_COMPANY: z.string().min(1).optional(),
  INBOUND_DEFAULT_DEPARTMENT: z.string().min(1).default("IT"),
  INBOUND_DEFAULT_TYPE: z.string().min(1).default("IT"),
  WEATHER_LATITUDE: z.coerce.number().min(-90).max(90).default(40.7128),
  WEATHER_LONGITUDE: z.coerce.number().min(-180).max(180).default(-74.006),
  WEATHER_LOCATION: z.string().min(1).default("New York"),
  WEATHER_URL: z.string().url().default("https://api.open-meteo.com/v1/forecast"),
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  BACKUP_INTERVAL: z
    .string()
    .regex(/^(0|\d+[mhd])$/, "must be like 30m, 6h, 1d or 0")
    .default("1d"),
  BACKUP_KEEP: z.coerce.number().int().positive().default(7),
  BACKUP_DIR: z.string().min(1).optional(),
  LITESTREAM: bool.default(false),
  LITESTREAM_METRICS_URL: z.string().url().default("http://127.0.0.1:9090/metrics"),
  UPLOADS_COPY_DIR: z.string().min(1).optional(),
  REPLICATION_CHECK_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
  LIST_COUNT_CAP: z.coerce.number().int().min(1).max(10_000_000).default(10_000),
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  SEARCH_BUDGET_MS: z.coerce.number().int().min(0).max(600_000).default(100),
  WORKERS: z
    .string()
    .regex(/^(auto|[1-9]\d*)$/, "must be auto or a number of processes from 1")
    .default("1")
    .transform((v) => (v === "auto" ? autoWorkers() : Math.min(Number(v), MAX_WORKERS))),
  GC_RAM_SIZE: bytes.optional().transform((v) => v ?? 4 * 1024 ** 3),
  PUBLIC_TRACKING: z.enum(["verified", "open"]).optional(),
  TRACKING_MAILS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(3),
  SECRET_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_LABEL: z.string().min(1).max(60).default("Single sign-on"),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  dbPath: string;
  uploadsDir: string;
  admin: { email?: string; password?: string };
  companyName: string;
  publicUrl?: string;
  trustProxy: boolean;
  /** Our own proxies: skipped when reading the client's address from X-Forwarded-For. */
  trustedProxies: string[];
  /** A session unused this long ends; each use past half of it extends it again. */
  sessionTtlMs: number;
  /** However busy, a session ends this long after sign-in. */
  sessionMaxMs: number;
  synchronous: "FULL" | "NORMAL";
  rateLimit: {
    windowMs: number;
    publicWrites: number;
    publicSearch: number;
    publicReads: number;
    loginMaxFailures: number;
    /** Reset e-mails per address asked for in an hour (four times that per client address). */
    passwordResetsPerHour: number;
  };
  /** Byte budgets of uploads: per sender address and rate-limit window, per ticket, and a free-disk floor. */
  uploads: { bytesPerAddress: number; bytesPerTicket: number; minFreeBytes: number; bytesInFlight: number };
  /** Submitter confirmations sent to one address in 24 hours; later tickets are saved without one. */
  confirmationsPerAddressPerDay: number;
  /** Searches and other costly staff reads running at once, per user and in all. */
  expensiveReads: { perUser: number; total: number };
  passwordHashConcurrency: number;
  /** Password checks allowed to wait for a hashing slot; more answer 503 at once. */
  passwordHashQueue: number;
  /** Lower argon2 cost for tests only; production uses the hasher's own (OWASP's 7 MiB, five passes). */
  passwordHashCost?: { memoryCost: number; timeCost: number };
  /** replyTo: where requesters' answers go (the inbound mailbox); unset without inbound mail. */
  /** plusAddressing: replies go to `replyTo` as `local+<ticket token>@domain`. */
  mail: { smtpUrl?: string; from: string; replyTo?: string; plusAddressing: boolean };
  /** Replies by e-mail, read from IMAP_URL; absent when unset. */
  inbound?: {
    imapUrl: string;
    pollSeconds: number;
    createTickets: boolean;
    maxBytes: number;
    perSenderPerHour: number;
    /** Our receiving server's name in Authentication-Results: only its passes count. */
    authservId?: string;
    defaults: { company?: string; department: string; ticketType: string };
  };
  weather: { latitude: number; longitude: number; location: string; url: string };
  ai?: { baseUrl: string; apiKey: string; model: string };
  backup: { interval: string; keep: number; dir?: string };
  /** Off-box copies: Litestream streams the database (it owns the WAL reset), a job copies new uploads. */
  replication: { litestream: boolean; metricsUrl: string; uploadsCopyDir?: string; checkMs: number };
  /** Searches and date ranges are counted exactly up to this many tickets, then shown as "N+". */
  listCountCap: number;
  /** allowPrivate: webhooks may reach loopback, private and link-local addresses (off: no SSRF into the LAN). */
  webhooks: { allowPrivate: boolean };
  /** Query time one list, search or breakdown request may take before it is refused as too broad (0: no limit). */
  searchBudgetMs: number;
  /** Server processes sharing the port (1: this process serves alone). */
  workers: number;
  /** The RAM size the JavaScript garbage collector plans its heap for (0: the machine's own). */
  gcRamSize: number;
  /** The portal's tracking mode when the environment sets it; unset, Settings → Portal decides. */
  publicTracking?: "verified" | "open";
  /** Tracking links ("E-mail me the link", My tickets) one address may be sent in an hour. */
  trackingMailsPerAddressPerHour: number;
  /** Seals stored secrets (SECRET_KEY); unset, a key file in DATA_DIR is used. */
  secretKey?: string;
  /** One OpenID Connect provider from the environment, beside those set in Settings → Sign-in. */
  oidc?: { issuer: string; clientId: string; clientSecret: string; label: string };
};

export class ConfigError extends Error {}

/** The support mailbox's address when the IMAP user name is one (`helpdesk%40example.com`). */
function mailboxOf(imapUrl?: string): string | undefined {
  if (!imapUrl) return undefined;
  const user = decodeURIComponent(new URL(imapUrl).username);
  return /^[^\s@]+@[^\s@]+$/.test(user) ? user : undefined;
}

/** Parses the environment once at start-up; an invalid value throws naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const aiParts = [e.AI_BASE_URL, e.AI_API_KEY, e.AI_MODEL];
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    dbPath: resolve(dataDir, "helpdesk.sqlite"),
    uploadsDir: resolve(dataDir, "uploads"),
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    companyName: e.COMPANY_NAME,
    publicUrl: e.PUBLIC_URL,
    trustProxy: e.TRUST_PROXY,
    trustedProxies: e.TRUSTED_PROXIES,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    sessionMaxMs: e.SESSION_MAX_DAYS * 86_400_000,
    synchronous: e.SQLITE_SYNCHRONOUS,
    rateLimit: {
      windowMs: e.RATE_LIMIT_WINDOW_SECONDS * 1000,
      publicWrites: e.RATE_LIMIT_PUBLIC_WRITES,
      publicSearch: e.RATE_LIMIT_PUBLIC_SEARCH,
      publicReads: e.RATE_LIMIT_PUBLIC_READS,
      loginMaxFailures: e.LOGIN_MAX_FAILURES,
      passwordResetsPerHour: e.PASSWORD_RESETS_PER_HOUR,
    },
    uploads: {
      bytesPerAddress: e.UPLOAD_BYTES_PER_ADDRESS,
      bytesPerTicket: e.UPLOAD_BYTES_PER_TICKET,
      minFreeBytes: e.MIN_FREE_DISK_MB * 1024 * 1024,
      bytesInFlight: e.UPLOAD_BYTES_IN_FLIGHT,
    },
    confirmationsPerAddressPerDay: e.CONFIRMATIONS_PER_ADDRESS_PER_DAY,
    expensiveReads: { perUser: e.EXPENSIVE_READS_PER_USER, total: e.EXPENSIVE_READS_TOTAL },
    passwordHashConcurrency: e.PASSWORD_HASH_CONCURRENCY,
    passwordHashQueue: e.PASSWORD_HASH_QUEUE,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      replyTo: e.MAIL_REPLY_TO ?? mailboxOf(e.IMAP_URL),
      plusAddressing: e.MAIL_PLUS_ADDRESSING,
    },
    inbound: e.IMAP_URL
      ? {
          imapUrl: e.IMAP_URL,
          pollSeconds: e.IMAP_POLL_SECONDS,
          createTickets: e.INBOUND_CREATE_TICKETS,
          maxBytes: e.INBOUND_MAX_BYTES,
          perSenderPerHour: e.INBOUND_PER_SENDER_PER_HOUR,
          authservId: e.INBOUND_AUTHSERV_ID,
          defaults: {
            company: e.INBOUND_DEFAULT_COMPANY,
            department: e.INBOUND_DEFAULT_DEPARTMENT,
            ticketType: e.INBOUND_DEFAULT_TYPE,
          },
        }
      : undefined,
    weather: {
      latitude: e.WEATHER_LATITUDE,
      longitude: e.WEATHER_LONGITUDE,
      location: e.WEATHER_LOCATION,
      url: e.WEATHER_URL,
    },
    ai: aiParts.every(Boolean)
      ? { baseUrl: e.AI_BASE_URL!, apiKey: e.AI_API_KEY!, model: e.AI_MODEL! }
      : undefined,
    backup: { interval: e.BACKUP_INTERVAL, keep: e.BACKUP_KEEP, dir: e.BACKUP_DIR },
    replication: {
      litestream: e.LITESTREAM,
      metricsUrl: e.LITESTREAM_METRICS_URL,
      uploadsCopyDir: e.UPLOADS_COPY_DIR ? resolve(e.UPLOADS_COPY_DIR) : undefined,
      checkMs: e.REPLICATION_CHECK_SECONDS * 1000,
    },
    listCountCap: e.LIST_COUNT_CAP,
    webhooks: { allowPrivate: e.WEBHOOK_ALLOW_PRIVATE },
    searchBudgetMs: e.SEARCH_BUDGET_MS,
    workers: e.WORKERS,
    gcRamSize: e.GC_RAM_SIZE,
    publicTracking: e.PUBLIC_TRACKING,
    trackingMailsPerAddressPerHour: e.TRACKING_MAILS_PER_ADDRESS_PER_HOUR,
    secretKey: e.SECRET_KEY,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            label: e.OIDC_LABEL,
          }
        : undefined,
  };
}

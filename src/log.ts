type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

// Silent under test (NODE_ENV=test) unless LOG_LEVEL asks otherwise.
const min: Level = (process.env.LOG_LEVEL as Level) ?? (process.env.NODE_ENV === "test" ? "error" : "info");
const quiet = process.env.NODE_ENV === "test" && !process.env.LOG_LEVEL;

/** Fields on every line of this process (which worker process wrote it). */
const base: Record<string, unknown> = {};
export const setLogFields = (fields: Record<string, unknown>) => Object.assign(base, fields);

function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  if (quiet || order[level] < order[min]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...base, ...fields });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}

/** JSON-lines logger. Never pass passwords, tokens, cookies or file contents. */
export const log = {
  debug: (msg: string, f?: Record<string, unknown>) => write("debug", msg, f),
  info: (msg: string, f?: Record<string, unknown>) => write("info", msg, f),
  warn: (msg: string, f?: Record<string, unknown>) => write("warn", msg, f),
  error: (msg: string, f?: Record<string, unknown>) => write("error", msg, f),
};

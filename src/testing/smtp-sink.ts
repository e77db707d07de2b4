/**
 * A real SMTP server for tests (smtp-server on 127.0.0.1 and a free port, no TLS, no auth) that keeps every
 * message it receives, raw and parsed with mailparser, with the envelope recipients.
 */
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type SunkMessage = { from: string; to: string[]; raw: Buffer; parsed: ParsedMail };
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** With `auth`, the sink asks for that user name and password (plain AUTH on loopback). */
export async function startSmtpSink(opts: { auth?: { user: string; pass: string } } = {}) {
  const messages: SunkMessage[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: !opts.auth,
    allowInsecureAuth: true,
    disabledCommands: opts.auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    onAuth(auth, _session, cb) {
      const ok = auth.username === opts.auth?.user && auth.password === opts.auth?.pass;
      cb(ok ? null : new Error("Invalid username or password"), ok ? { user: auth.username } : undefined);
    },
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("error", cb);
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks);
        try {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
          const to = session.envelope.rcptTo.map((r) => r.address);
          messages.push({ from, to, raw, parsed: await simpleParser(raw) });
          for (const wake of waiters) wake();
          cb();
        } catch (err) {
          cb(err as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    /** Resolves with the first message matching `predicate` (already received or arriving within the timeout). */
    waitFor(predicate: (m: SunkMessage) => boolean, timeoutMs = 5000): Promise<SunkMessage> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = messages.find(predicate);
          if (!hit) return false;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(hit);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no matching message within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        if (!check()) waiters.add(wake);
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

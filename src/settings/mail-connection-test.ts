import { lookup } from "node:dns/promises";
import { connect as tcpConnect } from "node:net";
import { connect as tlsConnect } from "node:tls";
import type { ImapAccountInput, SmtpAccountInput } from "../shared/schemas/mail-accounts";
import { fromOf, smtpTargetOf } from "./mail-transport";

type ConnectionStep = "dns" | "tcp" | "tls" | "authentication" | "folder" | "send";
export type ConnectionResult = { ok: boolean; step: ConnectionStep | null; message: string };

const TIMEOUT_MS = 10_000;
const fail = (step: ConnectionStep, message: string): ConnectionResult => ({ ok: false, step, message });

/** Reaches the host step by step, so the answer names the first one that failed in plain words. */
async function reach(host: string, port: number, tls: boolean): Promise<ConnectionResult | null> {
  try {
    await lookup(host);
  } catch {
    return fail("dns", `The name ${host} could not be found (DNS). Check the host name.`);
  }
  const opened = await new Promise<string | null>((resolve) => {
    const socket = tcpConnect({ host, port, timeout: TIMEOUT_MS });
    socket.once("connect", () => {
      socket.destroy();
      resolve(null);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve("did not answer in time");
    });
    socket.once("error", (e: NodeJS.ErrnoException) =>
      resolve(e.code === "ECONNREFUSED" ? "refused the connection" : String(e.code ?? e.message)),
    );
  });
  if (opened) return fail("tcp", `${host} port ${port} ${opened} (TCP). Check the port and any firewall.`);
  if (!tls) return null;
  const secured = await new Promise<string | null>((resolve) => {
    const socket = tlsConnect({ host, port, servername: host, timeout: TIMEOUT_MS });
    socket.once("secureConnect", () => {
      socket.destroy();
      resolve(null);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve("timed out");
    });
    socket.once("error", (e) => resolve(e.message));
  });
  return secured ? fail("tls", `The secure connection (TLS) to ${host} failed: ${secured}.`) : null;
}

const isAuth = (e: { code?: string; responseCode?: number; authenticationFailed?: boolean }) =>
  e.code === "EAUTH" || e.responseCode === 535 || e.authenticationFailed === true;

/** Logs in to the SMTP server and sends a test message to `to`. */
export async function testSmtp(
  a: SmtpAccountInput & { password: string },
  to: string,
): Promise<ConnectionResult> {
  const early = await reach(a.host, a.port, a.security === "tls");
  if (early) return early;
  const nodemailer = (await import("nodemailer")).default;
  const transport = nodemailer.createTransport({
    ...smtpTargetOf(a),
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  try {
    await transport.verify();
  } catch (err) {
    const e = err as { code?: string; responseCode?: number; message?: string };
    if (isAuth(e))
      return fail("authentication", "The server refused the user name or password (authentication).");
    if (e.code === "ETLS" || /tls|ssl|certificate/i.test(e.message ?? ""))
      return fail("tls", `The secure connection (TLS) failed: ${e.message}.`);
    return fail("tcp", `The server did not accept the connection: ${e.message}.`);
  }
  try {
    await transport.sendMail({
      from: fromOf(a),
      to,
      subject: "Helpdesk test e-mail",
      text: "This is a test message from your help desk. If you can read it, outgoing e-mail works.",
    });
  } catch (err) {
    return fail("send", `The server refused the test message: ${(err as Error).message}.`);
  } finally {
    transport.close();
  }
  return { ok: true, step: null, message: `Connected, signed in and sent a test message to ${to}.` };
}

/** Logs in to the IMAP server and opens the folder. */
export async function testImap(a: ImapAccountInput & { password: string }): Promise<ConnectionResult> {
  const early = await reach(a.host, a.port, a.tls);
  if (early) return early;
  const { ImapFlow } = await import("imapflow");
  const client = new ImapFlow({
    host: a.host,
    port: a.port,
    secure: a.tls,
    auth: { user: a.user, pass: a.password },
    logger: false,
    connectionTimeout: TIMEOUT_MS,
  });
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (err) {
    const e = err as { authenticationFailed?: boolean; message?: string };
    if (isAuth(e))
      return fail("authentication", "The server refused the user name or password (authentication).");
    return fail("tls", `The server did not accept the connection: ${e.message}.`);
  }
  try {
    await client.mailboxOpen(a.folder, { readOnly: true });
  } catch {
    return fail("folder", `Signed in, but the folder "${a.folder}" does not exist. Check the folder name.`);
  } finally {
    await client.logout().catch(() => {});
  }
  return { ok: true, step: null, message: `Connected, signed in and opened the folder "${a.folder}".` };
}

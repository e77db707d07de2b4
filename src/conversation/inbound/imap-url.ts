/**
 * `IMAP_URL` → connection settings: `imaps://user%40example.com:secret@mail.example.com/INBOX` (port 993) or
 * `imap://…` (port 143, plain: for tests on loopback). User and password are URL-decoded; the path names the
 * folder to read, INBOX when empty.
 */
export type ImapTarget = {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
  folder: string;
};

export function parseImapUrl(raw: string): ImapTarget {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error("IMAP_URL is not a URL (expected imaps://user:password@host/INBOX)");
  }
  const secure = url.protocol === "imaps:";
  if (!secure && url.protocol !== "imap:") throw new Error("IMAP_URL must start with imaps:// or imap://");
  if (!url.hostname) throw new Error("IMAP_URL has no host");
  if (!url.username) throw new Error("IMAP_URL has no user name");
  const folder = decodeURIComponent(url.pathname.replace(/^\/+/, "").replace(/\/+$/, "")) || "INBOX";
  return {
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port ? Number(url.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(url.username),
    pass: decodeURIComponent(url.password),
    folder,
  };
}

/** The URL without its password, for logs and the health screen. */
export function redactImapUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "(invalid IMAP_URL)";
  }
}

/**
 * The receiving server's verdict on a message, from its topmost Authentication-Results header (the one our own
 * mail server added; lower ones came with the message and prove nothing). A failure always counts; a pass counts
 * only when the header names our server (INBOUND_AUTHSERV_ID), since a sender can write one of its own.
 */
type AuthResult = { method: string; result: string; props: Record<string, string> };
export type AuthResults = { authservId: string; results: AuthResult[] };

const stripComments = (v: string) => {
  let out = "";
  let depth = 0;
  for (const ch of v) {
    if (ch === "(") depth++;
    else if (ch === ")" && depth > 0) depth--;
    else if (depth === 0) out += ch;
  }
  return out;
};

export function parseAuthResults(value: string | null): AuthResults | null {
  if (!value) return null;
  const [head, ...rest] = stripComments(value.replace(/\s+/g, " ")).split(";");
  const authservId = (head ?? "").trim().split(" ")[0]?.toLowerCase() ?? "";
  if (!authservId) return null;
  const results: AuthResult[] = [];
  for (const part of rest) {
    const [first, ...pairs] = part.trim().split(" ").filter(Boolean);
    const m = /^([a-z0-9_-]+)=([a-z]+)$/i.exec(first ?? "");
    if (!m) continue;
    const props: Record<string, string> = {};
    for (const p of pairs) {
      const eq = p.indexOf("=");
      if (eq > 0)
        props[p.slice(0, eq).toLowerCase()] = p
          .slice(eq + 1)
          .replace(/^"|"$/g, "")
          .toLowerCase();
    }
    results.push({ method: m[1]!.toLowerCase(), result: m[2]!.toLowerCase(), props });
  }
  return { authservId, results };
}

const domainOf = (v: string | undefined) => v?.split("@").pop()?.trim() || undefined;
/** Relaxed alignment: the same domain, or one a subdomain of the other. */
const aligned = (a: string, b: string) => a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
/** A result about the From domain: its property names it, or names no domain at all. */
const about = (r: AuthResult, fromDomain: string, ...keys: string[]) => {
  const d = keys.map((k) => domainOf(r.props[k])).find(Boolean);
  return !d || aligned(d, fromDomain);
};

export type SenderCheck = {
  /** Why the message must not be trusted, or null. */
  failed: string | null;
  /** Our server saw dmarc=pass for the From domain. */
  dmarcPass: boolean;
  /** The envelope sender our server saw pass SPF, or null. */
  spfPassEnvelope: string | null;
};

export function checkSender(
  ar: AuthResults | null,
  fromAddress: string,
  ourAuthservId: string | undefined,
): SenderCheck {
  const none: SenderCheck = { failed: null, dmarcPass: false, spfPassEnvelope: null };
  if (!ar) return none;
  const from = domainOf(fromAddress.toLowerCase()) ?? "";
  const is = (method: string, result: string) =>
    ar.results.filter((r) => r.method === method && r.result === result);
  const fail =
    (is("dmarc", "fail").length > 0 && "dmarc=fail") ||
    (is("spf", "fail").some((r) => about(r, from, "smtp.mailfrom")) && "spf=fail") ||
    (is("dkim", "fail").some((r) => about(r, from, "header.d", "header.i")) && "dkim=fail") ||
    null;
  if (fail || !ourAuthservId || ar.authservId !== ourAuthservId.toLowerCase())
    return { ...none, failed: fail };
  const spf = is("spf", "pass").find((r) => r.props["smtp.mailfrom"]?.includes("@"));
  return {
    failed: null,
    dmarcPass: is("dmarc", "pass").some((r) => about(r, from, "header.from")),
    spfPassEnvelope: spf?.props["smtp.mailfrom"] ?? null,
  };
}

import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { badRequest } from "../errors/domain-error";
import { blockedReason, hostAddresses } from "./address-class";

/** Where a delivery connects: the URL as configured and the one address that was checked. */
export type Target = { url: URL; host: string; address: string };

const refuse = (message: string) => badRequest(message, { url: message });
const LOOKUP_TIMEOUT_MS = 3_000;
const ALLOW_HINT = "private and local addresses are refused unless WEBHOOK_ALLOW_PRIVATE=true";

/** Syntax rules: http(s) only, no credentials. The URL parser also turns 0x7f.1 or 2130706433 into 127.0.0.1. */
function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse("Webhook URL is not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw refuse("Webhook URL must start with http:// or https://");
  if (url.username || url.password) throw refuse("Webhook URL must not contain a user name or password");
  return url;
}

async function resolveAll(host: string): Promise<string[]> {
  if (isIP(host)) return [host];
  // Names under localhost are this machine whatever a resolver says.
  if (/(^|\.)localhost\.?$/i.test(host)) return ["127.0.0.1"];
  try {
    const answer = lookup(host, { all: true, verbatim: true });
    const late = Bun.sleep(LOOKUP_TIMEOUT_MS).then(() => Promise.reject(new Error("timeout")));
    return (await Promise.race([answer, late])).map((a) => a.address);
  } catch {
    throw refuse(`Webhook URL host ${host} could not be resolved`);
  }
}

/**
 * Resolves the host and refuses it when any of its addresses is loopback, private, link-local, this host's own and so on
 * (checked at save time and again before every delivery). Returns the checked address to connect to.
 */
export async function checkTarget(raw: string, allowPrivate: boolean): Promise<Target> {
  const url = parseWebhookUrl(raw);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = await resolveAll(host);
  const own = allowPrivate ? null : hostAddresses();
  if (own)
    for (const address of addresses) {
      const reason = blockedReason(address, own);
      if (reason) throw refuse(`Webhook URL points to ${reason} (${address}); ${ALLOW_HINT}`);
    }
  return { url, host, address: addresses[0]! };
}

import { encodeHexLowerCase } from "@oslojs/encoding";

/** The domain our Message-IDs carry: the sender address's, so replies to them are recognisably ours. */
export function mailDomain(from: string): string {
  const address = from.match(/<([^>]+)>/)?.[1] ?? from;
  const domain = address.split("@")[1]?.trim().toLowerCase();
  return domain && /^[a-z0-9.-]+$/.test(domain) ? domain : "helpdesk.invalid";
}

/** `<wi-2026-001.reply.9f2c…@example.com>`: the ticket id first, so a reply can be matched by it as well. */
export function newMessageId(ticketPublicId: string, kind: string, domain: string): string {
  const random = new Uint8Array(10);
  crypto.getRandomValues(random);
  return `<${ticketPublicId.toLowerCase()}.${kind}.${encodeHexLowerCase(random)}@${domain}>`;
}

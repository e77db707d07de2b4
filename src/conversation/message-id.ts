/** The domain our Message-IDs carry: the sender address's, so replies to them are recognisably ours. */
export function mailDomain(from: string): string {
  const address = from.match(/<([^>]+)>/)?.[1] ?? from;
  const domain = address.split("@")[1]?.trim().toLowerCase();
  return domain && /^[a-z0-9.-]+$/.test(domain) ? domain : "helpdesk.invalid";
}

import { BlockList, isIP } from "node:net";
import { networkInterfaces } from "node:os";

/**
 * Ranges a webhook may not reach: this host, the office network, link-local (cloud metadata), CGNAT,
 * documentation and reserved ranges. IPv4 rules also match the IPv4-mapped form (::ffff:a.b.c.d).
 */
const RULES: [reason: string, cidrs: string[]][] = [
  ["an unspecified address", ["0.0.0.0/8", "::/128"]],
  ["a loopback address", ["127.0.0.0/8", "::1/128"]],
  ["a private address", ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"]],
  ["a shared (CGNAT) address", ["100.64.0.0/10"]],
  ["a link-local address", ["169.254.0.0/16", "fe80::/10"]],
  ["a site-local address", ["fec0::/10"]],
  ["a unique-local address", ["fc00::/7"]],
  [
    "a documentation address",
    ["192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24", "2001:db8::/32", "3fff::/20"],
  ],
  ["a reserved address", ["192.0.0.0/24", "198.18.0.0/15", "240.0.0.0/4", "100::/64", "2001:2::/48"]],
  ["a multicast address", ["224.0.0.0/4", "ff00::/8"]],
  // Local-use NAT64 reaches whatever IPv4 network the operator's translator serves.
  ["a local-use NAT64 address", ["64:ff9b:1::/48"]],
  ["a Teredo tunnel address", ["2001::/32"]],
];

const LISTS = RULES.map(([reason, cidrs]) => {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [net, bits] = cidr.split("/") as [string, string];
    list.addSubnet(net, Number(bits), isIP(net) === 4 ? "ipv4" : "ipv6");
  }
  return [reason, list] as const;
});

/** This machine's own interface addresses, read at each check (interfaces come and go). */
export function hostAddresses(): BlockList {
  const own = new BlockList();
  for (const nets of Object.values(networkInterfaces()))
    for (const n of nets ?? [])
      own.addAddress(n.address.split("%")[0]!, n.family === "IPv4" ? "ipv4" : "ipv6");
  return own;
}

/** The eight 16-bit groups of an IPv6 address (with `::` expanded and a dotted IPv4 tail converted). */
function v6Groups(ip: string): number[] {
  let s = ip.toLowerCase();
  const dotted = s.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const n = dotted[1]!.split(".").reduce((acc, part) => acc * 256 + Number(part), 0);
    s = `${s.slice(0, -dotted[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = s.split("::") as [string, string | undefined];
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array(8 - h.length - t.length).fill("0");
  return [...h, ...fill, ...t].map((g) => Number.parseInt(g, 16));
}

const v4Of = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/** The IPv4 address an IPv6 form carries: mapped, translated, compatible, well-known NAT64, 6to4. */
function embeddedV4(ip: string): string | null {
  const g = v6Groups(ip);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && (g[5] === 0xffff || g[5] === 0)) return v4Of(g[6]!, g[7]!);
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return v4Of(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4Of(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4Of(g[1]!, g[2]!);
  return null;
}

/** Why an IP address is off limits for webhooks (loopback, private, this host…), or null when it is public. */
export function blockedReason(ip: string, own: BlockList = hostAddresses()): string | null {
  const bare = ip.replace(/^\[|\]$/g, "").split("%")[0]!;
  const v = isIP(bare);
  if (!v) return "not an IP address";
  const type = v === 4 ? "ipv4" : "ipv6";
  for (const [reason, list] of LISTS) if (list.check(bare, type)) return reason;
  if (own.check(bare, type)) return "this server's own address";
  const inner = v === 6 ? embeddedV4(bare) : null;
  return inner ? blockedReason(inner, own) : null;
}

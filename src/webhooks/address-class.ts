import { isIP } from "node:net";

/** IPv4 ranges a webhook may not reach: this host, the office network, link-local (cloud metadata), CGNAT. */
const V4_BLOCKED: [string, number, string][] = [
  ["0.0.0.0", 8, "an unspecified address"],
  ["10.0.0.0", 8, "a private address"],
  ["100.64.0.0", 10, "a shared (CGNAT) address"],
  ["127.0.0.0", 8, "a loopback address"],
  ["169.254.0.0", 16, "a link-local address"],
  ["172.16.0.0", 12, "a private address"],
  ["192.0.0.0", 24, "a reserved address"],
  ["192.168.0.0", 16, "a private address"],
  ["198.18.0.0", 15, "a reserved address"],
  ["224.0.0.0", 4, "a multicast address"],
  ["240.0.0.0", 4, "a reserved address"],
];

const v4ToInt = (ip: string) => ip.split(".").reduce((n, part) => n * 256 + Number(part), 0);

function classifyV4(ip: string): string | null {
  const n = v4ToInt(ip);
  for (const [base, bits, reason] of V4_BLOCKED) {
    const size = 2 ** (32 - bits);
    const start = v4ToInt(base);
    if (n >= start && n < start + size) return reason;
  }
  return null;
}

/** The eight 16-bit groups of an IPv6 address (with `::` expanded and a dotted IPv4 tail converted). */
function v6Groups(ip: string): number[] {
  let s = ip.toLowerCase().split("%")[0]!;
  const dotted = s.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const n = v4ToInt(dotted[1]!);
    s = `${s.slice(0, -dotted[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = s.split("::") as [string, string | undefined];
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array(8 - h.length - t.length).fill("0");
  return [...h, ...fill, ...t].map((g) => Number.parseInt(g, 16));
}

const embeddedV4 = (g: number[]) => `${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`;

function classifyV6(ip: string): string | null {
  const g = v6Groups(ip);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return "an unspecified address";
  if (zeros(0, 7) && g[7] === 1) return "a loopback address";
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) carry an IPv4 address.
  if (zeros(0, 5) && (g[5] === 0xffff || g[5] === 0)) return classifyV4(embeddedV4(g));
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return classifyV4(embeddedV4(g));
  if (g[0] === 0x2002) return classifyV4(`${g[1]! >> 8}.${g[1]! & 255}.${g[2]! >> 8}.${g[2]! & 255}`);
  if ((g[0]! & 0xfe00) === 0xfc00) return "a unique-local address";
  if ((g[0]! & 0xffc0) === 0xfe80) return "a link-local address";
  if ((g[0]! & 0xff00) === 0xff00) return "a multicast address";
  return null;
}

/** Why an IP address is off limits for webhooks (loopback, private, link-local…), or null when it is public. */
export function blockedReason(ip: string): string | null {
  const bare = ip.replace(/^\[|\]$/g, "");
  const v = isIP(bare.split("%")[0]!);
  if (v === 4) return classifyV4(bare);
  if (v === 6) return classifyV6(bare);
  return "not an IP address";
}

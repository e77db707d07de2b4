/**
 * The rate-limit key for a client address. One IPv6 subscriber usually holds a whole /64 and can rotate
 * through it at will, so IPv6 addresses count by their /64; IPv4-mapped IPv6 counts as the IPv4 address.
 * Anything that is not an IP address is returned unchanged.
 */
export function addressKey(address: string): string {
  const ip = address.trim().toLowerCase().replace(/%.*$/, "");
  if (!ip.includes(":")) return address;
  const g = ipv6Groups(ip);
  if (!g) return address;
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, hi = 0, lo = 0] = g;
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff)
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
  return `${[a, b, c, d].map((n) => n.toString(16)).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (with `::` and a trailing dotted IPv4 part), or null. */
function ipv6Groups(ip: string): number[] | null {
  let text = ip;
  const v4 = text.match(/(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (v4) {
    const [w = 0, x = 0, y = 0, z = 0] = v4.slice(1).map(Number);
    if ([w, x, y, z].some((n) => n > 255)) return null;
    text = `${text.slice(0, v4.index)}${((w << 8) | x).toString(16)}:${((y << 8) | z).toString(16)}`;
  }
  const [head = "", tail, extra] = text.split("::");
  if (extra !== undefined) return null;
  const part = (s: string) => (s === "" ? [] : s.split(":"));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const fill = tail === undefined ? 0 : 8 - left.length - right.length;
  if (fill < 0 || (tail !== undefined && fill === 0)) return null;
  const all = [...left, ...Array<string>(fill).fill("0"), ...right];
  if (all.length !== 8 || all.some((s) => !/^[0-9a-f]{1,4}$/.test(s))) return null;
  return all.map((s) => Number.parseInt(s, 16));
}

import type { Context } from "hono";
import { getConnInfo } from "hono/bun";
import { isIP, type BlockList } from "node:net";

/** An X-Forwarded-For entry as a bare address (`[v6]:port` and `v4:port` lose the port), or null. */
function bare(entry: string): string | null {
  const s = entry.trim();
  const v = s.match(/^\[([^\]]+)\](?::\d+)?$/)?.[1] ?? s.match(/^(\d+\.\d+\.\d+\.\d+):\d+$/)?.[1] ?? s;
  return isIP(v) ? v : null;
}

const trusted = (list: BlockList | undefined, ip: string) =>
  !!list && list.check(ip, isIP(ip) === 6 ? "ipv6" : "ipv4");

/**
 * The socket address, or behind a trusted proxy the address that proxy appended: the right-most
 * X-Forwarded-For entry that is not one of our own proxies. Entries to its left are the client's to choose.
 */
export function clientIp(c: Context, trustProxy: boolean, proxies?: BlockList): string {
  const socket = socketIp(c);
  if (!trustProxy) return socket;
  const chain = (c.req.header("x-forwarded-for") ?? "").split(",").filter((e) => e.trim());
  for (let i = chain.length - 1; i >= 0; i--) {
    const ip = bare(chain[i] ?? "");
    if (!ip) return socket; // a malformed hop: nothing left of it can be believed
    if (!trusted(proxies, ip) || i === 0) return ip;
  }
  return socket;
}

function socketIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address?.slice(0, 45) ?? "unknown";
  } catch {
    return "unknown";
  }
}

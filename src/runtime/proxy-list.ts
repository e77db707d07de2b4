import { BlockList, isIP } from "node:net";

/** The proxies named in TRUSTED_PROXIES (addresses or CIDR ranges), as one matcher. */
export function proxyList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [addr = "", bits] = entry.split("/");
    const type = isIP(addr) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  return list;
}

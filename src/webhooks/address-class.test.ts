import { expect, test } from "bun:test";
import { BlockList } from "node:net";
import { networkInterfaces } from "node:os";
import { blockedReason } from "./address-class";
import { checkTarget } from "./address-guard";

test("address classifier – loopback, private, link-local, CGNAT and their IPv6 forms are refused", () => {
  for (const ip of [
    "127.0.0.1",
    "127.255.255.254",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.127.255.255",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "0:0:0:0:0:0:0:1",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "fe80::1%eth0",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "[::ffff:169.254.169.254]",
    "::ffff:a9fe:a9fe",
    "::ffff:10.0.0.1",
    "::127.0.0.1",
    "64:ff9b::7f00:1",
    "2002:7f00:1::",
  ])
    expect([ip, blockedReason(ip)]).not.toEqual([ip, null]);
});

test("address classifier – documentation, site-local, NAT64 and IPv4-translated forms are refused", () => {
  for (const ip of [
    "192.0.2.2",
    "198.51.100.1",
    "203.0.113.1",
    "2001:db8::1",
    "[2001:db8:ffff::1]",
    "3fff::1",
    "fec0::1",
    "feff::1",
    "[::ffff:0:127.0.0.1]",
    "::ffff:0:7f00:1",
    "::ffff:0:10.1.2.3",
    "[64:ff9b:1::7f00:1]",
    "64:ff9b:1:ffff::8.8.8.8",
    "64:ff9b::192.168.0.1",
    "64:ff9b::c000:202",
    "::ffff:203.0.113.9",
    "2001:0:4136:e378::1",
  ])
    expect([ip, blockedReason(ip, new BlockList())]).not.toEqual([ip, null]);
});

test("address classifier – every address of this machine's interfaces is refused, read when checking", () => {
  const own = Object.values(networkInterfaces()).flatMap((nets) => (nets ?? []).map((n) => n.address));
  expect(own.length).toBeGreaterThan(0);
  for (const ip of own) expect([ip, blockedReason(ip)]).not.toEqual([ip, null]);
  // An interface on a public address is refused as this server's own, in every form that carries it.
  const list = new BlockList();
  list.addAddress("93.184.216.34", "ipv4");
  list.addAddress("2606:2800:220:1::1", "ipv6");
  for (const ip of [
    "93.184.216.34",
    "::ffff:93.184.216.34",
    "::ffff:0:5db8:d822",
    "64:ff9b::5db8:d822",
    "2606:2800:220:1::1",
  ])
    expect([ip, blockedReason(ip, list)]).toEqual([ip, "this server's own address"]);
  expect(blockedReason("93.184.216.35", list)).toBeNull();
});

test("address classifier – public addresses pass", () => {
  for (const ip of [
    "93.184.216.34",
    "8.8.8.8",
    "172.15.255.255",
    "172.32.0.1",
    "100.63.255.255",
    "100.128.0.1",
    "169.255.0.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "::ffff:0:8.8.8.8",
    "64:ff9b::808:808",
    "2001:4860::8888",
  ])
    expect([ip, blockedReason(ip)]).toEqual([ip, null]);
});

const refused = async (url: string) => {
  try {
    await checkTarget(url, false);
    return "allowed";
  } catch (err) {
    return (err as Error).message;
  }
};

test("URL check – decimal, hex and octal IPv4 literals, bracketed IPv6 and localhost are all caught", async () => {
  for (const url of [
    "http://127.0.0.1/hook",
    "http://2130706433/",
    "http://0x7f000001/",
    "http://0x7f.0.0.1/",
    "http://0177.0.0.1/",
    "http://017700000001/",
    "http://127.1/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::1]:8080/",
    "http://localhost:3000/",
    "http://LOCALHOST./",
    "http://169.254.169.254/latest/meta-data/",
    "http://10.0.0.1/",
    "http://0/",
    "http://192.0.2.2/",
    "http://198.51.100.1/",
    "http://203.0.113.1/",
    "http://[::ffff:0:127.0.0.1]/",
    "http://[64:ff9b:1::7f00:1]/",
    "http://[fec0::1]/",
  ])
    expect(await refused(url)).toMatch(
      /^Webhook URL .* (loopback|private|link-local|site-local|unspecified|documentation|NAT64)/,
    );
});

test("URL check – only http(s), no credentials, and a public literal passes", async () => {
  expect(await refused("ftp://example.com/")).toBe("Webhook URL must start with http:// or https://");
  expect(await refused("file:///etc/passwd")).toBe("Webhook URL must start with http:// or https://");
  expect(await refused("https://user:pw@example.com/")).toBe(
    "Webhook URL must not contain a user name or password",
  );
  expect(await refused("not a url")).toBe("Webhook URL is not a valid URL");
  expect(await refused("http://93.184.216.34/hook")).toBe("allowed");
  expect(await checkTarget("http://127.0.0.1:9/x", true)).toMatchObject({ address: "127.0.0.1" });
});

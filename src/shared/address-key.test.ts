import { expect, test } from "bun:test";
import { addressKey } from "./address-key";

test("address key – IPv6 addresses of one /64 share a key, other /64s do not", () => {
  const key = addressKey("2001:db8:1:2::1");
  expect(key).toBe("2001:db8:1:2::/64");
  expect(addressKey("2001:0db8:0001:0002:ffff:1:2:3")).toBe(key);
  expect(addressKey("2001:DB8:1:2:aaaa::9%eth0")).toBe(key);
  expect(addressKey("2001:db8:1:3::1")).not.toBe(key);
  expect(addressKey("::1")).toBe("0:0:0:0::/64");
});

test("address key – IPv4 and IPv4-mapped IPv6 are the same client", () => {
  expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
  expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  expect(addressKey("::ffff:cb00:7107")).toBe("203.0.113.7");
});

test("address key – anything that is not an address is kept as it is", () => {
  for (const s of ["unknown", "1::2::3", "2001:db8::zz", "1:2:3:4:5:6:7:8:9", ""])
    expect(addressKey(s)).toBe(s);
});

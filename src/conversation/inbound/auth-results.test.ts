import { expect, test } from "bun:test";
import { checkSender, parseAuthResults } from "./auth-results";

const OURS = "mx.help.example";
const check = (header: string | null, from = "vera@victim.example", authserv: string | undefined = OURS) =>
  checkSender(parseAuthResults(header), from, authserv);

test("authentication results – methods, results and properties, comments and folding ignored", () => {
  const ar = parseAuthResults(
    "mx.help.example 1; (our server)\n spf=pass (sender SPF authorized) smtp.mailfrom=bob@example.org;\n\tdkim=fail header.d=example.org header.s=sel; dmarc=pass (p=reject) header.from=Example.org",
  );
  expect(ar).toEqual({
    authservId: "mx.help.example",
    results: [
      { method: "spf", result: "pass", props: { "smtp.mailfrom": "bob@example.org" } },
      { method: "dkim", result: "fail", props: { "header.d": "example.org", "header.s": "sel" } },
      { method: "dmarc", result: "pass", props: { "header.from": "example.org" } },
    ],
  });
  expect(parseAuthResults(null)).toBeNull();
  expect(parseAuthResults("   ")).toBeNull();
  expect(parseAuthResults("mx.help.example; none")?.results).toEqual([]);
});

test("authentication results – dmarc=fail, or spf/dkim failing for the From domain, make the sender unverified", () => {
  expect(check("mx.help.example; dmarc=fail header.from=victim.example").failed).toBe("dmarc=fail");
  expect(check("mx.help.example; spf=fail smtp.mailfrom=x@victim.example").failed).toBe("spf=fail");
  expect(check("mx.help.example; dkim=fail header.d=victim.example").failed).toBe("dkim=fail");
  expect(check("mx.help.example; dkim=fail header.i=@mail.victim.example").failed).toBe("dkim=fail");
  // Failures about another domain (a forwarder's envelope, a mailing list's signature) say nothing of the From.
  expect(check("mx.help.example; spf=fail smtp.mailfrom=x@lists.other.example").failed).toBeNull();
  expect(
    check("mx.help.example; dkim=fail header.d=other.example; dkim=pass header.d=victim.example").failed,
  ).toBeNull();
  // A failure counts whichever server wrote it: it can only make us more careful.
  expect(check("evil.example; dmarc=fail", undefined, OURS).failed).toBe("dmarc=fail");
  expect(
    checkSender(parseAuthResults("mx.help.example; dmarc=fail"), "v@victim.example", undefined).failed,
  ).toBe("dmarc=fail");
});

test("authentication results – a pass counts only from our own server, for the From domain", () => {
  const pass =
    "mx.help.example; spf=pass smtp.mailfrom=bounce@victim.example; dmarc=pass header.from=victim.example";
  expect(check(pass)).toEqual({ failed: null, dmarcPass: true, spfPassEnvelope: "bounce@victim.example" });
  expect(check(pass.replace("mx.help.example", "forged.example")).dmarcPass).toBe(false);
  // Without INBOUND_AUTHSERV_ID no header is known to be our server's own.
  expect(checkSender(parseAuthResults(pass), "vera@victim.example", undefined).dmarcPass).toBe(false);
  expect(check("mx.help.example; dmarc=pass header.from=other.example").dmarcPass).toBe(false);
  expect(check(null)).toEqual({ failed: null, dmarcPass: false, spfPassEnvelope: null });
});

// Test-only: walks the test issuer's own login page over HTTP, as a browser would, without a browser.

/** Follows the provider's redirects from its authorization URL, submits its login form, and returns the
 * URL it finally sends the browser back to (the app's callback with code, state and iss). */
export async function signInAtProvider(authorizationUrl: string, account: string): Promise<URL> {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(url, { ...init, redirect: "manual", headers: { ...init.headers, cookie } });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ""] = c.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  };
  let url = authorizationUrl;
  const origin = new URL(authorizationUrl).origin;
  for (let hop = 0; hop < 10; hop++) {
    const res = await send(url);
    const next = res.headers.get("location");
    if (next) {
      const target = new URL(next, url);
      if (target.origin !== origin) return target;
      url = target.href;
      continue;
    }
    const html = await res.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`no login form at ${url}: ${res.status} ${html.slice(0, 200)}`);
    const body = new URLSearchParams({ prompt: "login", login: account, password: "any" });
    const posted = await send(new URL(action, url).href, {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const after = posted.headers.get("location");
    if (!after) throw new Error(`login form answered ${posted.status}`);
    url = new URL(after, url).href;
  }
  throw new Error("too many redirects at the provider");
}

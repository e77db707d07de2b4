import { createHmac, randomBytes } from "node:crypto";

/** Header names a receiver reads; documented in the README with the verification recipe. */
export const HEADERS = {
  event: "X-Helpdesk-Event",
  delivery: "X-Helpdesk-Delivery",
  timestamp: "X-Helpdesk-Timestamp",
  signature: "X-Helpdesk-Signature",
} as const;

/** A fresh signing secret: 32 random bytes, base64url, with a prefix that says what it is. */
export const newSecret = () => `whsec_${randomBytes(32).toString("base64url")}`;

/** `sha256=` + hex HMAC-SHA256 of `timestamp + "." + body`, so a replayed body cannot get a new time. */
export const signature = (secret: string, timestamp: number, body: string) =>
  `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;

// bun test preload: quiet logs and test-mode behaviour before any module reads them.
process.env.NODE_ENV = "test";
process.env.TZ ??= "UTC";

// Tests that start real processes (servers, Dovecot, workers) need more than bun's 5 s on a busy machine.
import { setDefaultTimeout } from "bun:test";
setDefaultTimeout(30_000);

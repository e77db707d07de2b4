// bun test preload: quiet logs and test-mode behaviour before any module reads them.
process.env.NODE_ENV = "test";
process.env.TZ ??= "UTC";

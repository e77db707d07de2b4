/** `bun bench/health-probe.ts <url>`: times GET /healthz back to back, one line per answer, until stopped. */
export {};
const url = `${Bun.argv[2]}/healthz`;
for (;;) {
  const t = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  console.log((performance.now() - t).toFixed(2));
  await Bun.sleep(10);
}

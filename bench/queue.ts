/** Queue-work paths that need a prepared state: a deep cursor, saved views, and the CSV export. */

export const FILTERED = "/api/admin/tickets?limit=100&priority=high,urgent";

/** Follows nextCursor to page `page` of the filtered list (or its last page on a small seed). */
export async function deepCursor(url: string, cookie: string, page = 500) {
  let cursor: string | null = null;
  let reached = 1;
  for (; reached < page; reached++) {
    const q: string = cursor ? `&cursor=${cursor}` : "";
    const res = await fetch(`${url}${FILTERED}${q}`, { headers: { Cookie: cookie } });
    const body = (await res.json()) as { nextCursor: string | null };
    if (!body.nextCursor) break;
    cursor = body.nextCursor;
  }
  return { cursor, page: reached };
}

/** Saved views for the bench user, counted on every GET /api/admin/views: countable ones and a search. */
export async function saveViews(url: string, cookie: string) {
  const views = [
    { name: "IT urgent", filters: { department: "IT", priority: "urgent" } },
    { name: "Mine in progress", filters: { assignedTo: "me", status: "in_progress" } },
    { name: "Printers", filters: { search: "printer" } },
  ];
  for (const v of views)
    await fetch(`${url}/api/admin/views`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: url, "Content-Type": "application/json" },
      body: JSON.stringify(v),
    });
}

/** Streams the export and counts rows until `rows` (or the end), sampling the server's RSS meanwhile. */
export async function measureExport(url: string, cookie: string, rows: number, rssMb: () => number) {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/admin/tickets/export.csv`, { headers: { Cookie: cookie } });
  const reader = res.body!.getReader();
  let lines = -1; // the header
  let peakRss = rssMb();
  let chunks = 0;
  while (lines < rows) {
    const { done, value } = await reader.read();
    if (done) break;
    // a line break inside a quoted cell would count twice: the seed's cells have none
    for (const byte of value) if (byte === 10) lines++;
    if (++chunks % 16 === 0) peakRss = Math.max(peakRss, rssMb());
  }
  await reader.cancel();
  const seconds = (performance.now() - t0) / 1000;
  return {
    rows: Math.min(lines, rows),
    seconds,
    rowsPerSec: Math.min(lines, rows) / seconds,
    peakRssMb: Math.max(peakRss, rssMb()),
  };
}

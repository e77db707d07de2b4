/** Where Litestream stands, from its Prometheus metrics: what it has read from the WAL, what a replica holds. */
export type LitestreamPosition = { read: string; replicated: string; caughtUp: boolean };

type Sample = { name: string; labels: string; value: number };

function samples(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split("\n")) {
    const m = /^(litestream_\w+)\{([^}]*)\}\s+(\S+)$/.exec(line.trim());
    if (m) out.push({ name: m[1]!, labels: m[2]!, value: Number(m[3]) });
  }
  return out;
}

const pos = (index: number, offset: number) => `${index.toString(16).padStart(8, "0")}:${offset}`;

/**
 * The database's read position and its slowest replica's; null when Litestream does not list this database.
 * Caught up: every replica has received as many WAL bytes as Litestream has read since it started.
 */
export function parseLitestreamMetrics(text: string, dbPath: string): LitestreamPosition | null {
  const mine = samples(text).filter((s) => s.labels.includes(`db="${dbPath}"`));
  const one = (name: string) => mine.find((s) => s.name === name)?.value;
  const [readIndex, readSize, readBytes] = [
    one("litestream_shadow_wal_index"),
    one("litestream_shadow_wal_size"),
    one("litestream_total_wal_bytes"),
  ];
  if (readIndex === undefined || readSize === undefined || readBytes === undefined) return null;
  const replicas = new Map<string, { index?: number; offset?: number; bytes?: number }>();
  for (const s of mine) {
    const name = /name="([^"]*)"/.exec(s.labels)?.[1];
    if (name === undefined) continue;
    const r = replicas.get(name) ?? {};
    if (s.name === "litestream_replica_wal_index") r.index = s.value;
    if (s.name === "litestream_replica_wal_offset") r.offset = s.value;
    if (s.name === "litestream_replica_wal_bytes") r.bytes = s.value;
    replicas.set(name, r);
  }
  const known = [...replicas.values()].filter((r) => r.index !== undefined && r.offset !== undefined);
  const read = pos(readIndex, readSize);
  if (!known.length) return { read, replicated: "none", caughtUp: false };
  const slowest = known.sort(
    (a, b) => (a.bytes ?? 0) - (b.bytes ?? 0) || a.index! - b.index! || a.offset! - b.offset!,
  )[0]!;
  return {
    read,
    replicated: pos(slowest.index!, slowest.offset!),
    caughtUp: (slowest.bytes ?? 0) >= readBytes,
  };
}

/** Asks Litestream's metrics address (loopback) with a short timeout. */
export async function fetchLitestreamPosition(url: string, dbPath: string): Promise<LitestreamPosition> {
  const res = await fetch(url, { signal: AbortSignal.timeout(3_000) });
  if (!res.ok) throw new Error(`Litestream metrics answered ${res.status}`);
  const position = parseLitestreamMetrics(await res.text(), dbPath);
  if (!position) throw new Error(`Litestream does not replicate ${dbPath}`);
  return position;
}

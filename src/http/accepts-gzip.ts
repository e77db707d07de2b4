/**
 * Whether a request's Accept-Encoding takes gzip: named (or `*`) without `q=0`. Every browser
 * sends it; a client that sends nothing gets the bytes as they are.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.split(";").map((s) => s.trim());
    const q = params.find((p) => p.startsWith("q="));
    const refused = q !== undefined && Number(q.slice(2)) === 0;
    if (name === "gzip") return !refused;
    if (name === "*") star = !refused;
  }
  return star;
}

import { badRequest } from "../errors/domain-error";

const TAG = /^(?:W\/)?"?([0-9]{1,15}(?::[0-9]{1,15})?)"?$/;

/** The quoted values of an If-Match header (`"3"` or, for many tickets, `"12:3", "15:7"`). */
function tags(header: string | undefined): string[] | undefined {
  if (header === undefined || header.trim() === "") return undefined;
  return header.split(",").map((part) => {
    const m = TAG.exec(part.trim());
    if (!m) throw badRequest("If-Match must name ticket versions");
    return m[1]!;
  });
}

/** The version a single-ticket write expects, or undefined without If-Match. */
export function expectedVersion(header: string | undefined): number | undefined {
  const list = tags(header);
  if (!list) return undefined;
  if (list.length !== 1 || list[0]!.includes(":")) throw badRequest("If-Match must name one version");
  return Number(list[0]);
}

/** The versions a bulk write expects, per ticket id (`"id:version"` tags), or undefined without If-Match. */
export function expectedVersions(header: string | undefined): Map<number, number> | undefined {
  const list = tags(header);
  if (!list) return undefined;
  return new Map(
    list.map((tag) => {
      const [id, version] = tag.split(":");
      if (version === undefined) throw badRequest("If-Match must name each ticket as id:version");
      return [Number(id), Number(version)];
    }),
  );
}

/** The ETag of one ticket's version, as If-Match expects it back. */
export const versionTag = (version: number) => `"${version}"`;

import type { ConfigItemDto } from "../shared/dto";

type Row = {
  id: number;
  name: string;
  position: number;
  isActive: boolean;
  color: string;
  createdAt: Date;
  updatedAt: Date;
} & Record<string, unknown>;

/** One shape for the five lists; fields a list lacks are left out. */
export function toConfigItemDto(r: Row): ConfigItemDto {
  const out: ConfigItemDto = {
    id: r.id,
    name: r.name,
    isActive: r.isActive,
    color: r.color,
    position: r.position,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
  for (const key of ["label", "icon", "bgColor", "textColor", "isSystem"] as const)
    if (key in r) (out as Record<string, unknown>)[key] = r[key];
  return out;
}

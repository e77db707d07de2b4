import type { HTMLAttributes } from "react";
import { cn } from "./cn";
import { paletteOf } from "../shared/constants";

/** A pill in one of the palette colours. */
export function Badge({
  color = "gray",
  className,
  ...p
}: HTMLAttributes<HTMLSpanElement> & { color?: string | null }) {
  const pal = paletteOf(color);
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        pal.bg,
        pal.text,
        className,
      )}
      {...p}
    />
  );
}

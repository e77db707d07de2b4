import type { HTMLAttributes } from "react";
import { cn } from "./cn";

export const Card = ({ className, ...p }: HTMLAttributes<HTMLDivElement>) => (
  <div className={cn("rounded-lg border border-gray-200 bg-white shadow-sm", className)} {...p} />
);
export const CardHeader = ({ className, ...p }: HTMLAttributes<HTMLDivElement>) => (
  <div className={cn("flex flex-col gap-1.5 p-4 sm:p-6", className)} {...p} />
);
/** A card's heading; `level` keeps the page's outline in order (h3 under a section, h2 under the page title). */
export const CardTitle = ({
  className,
  level = 3,
  ...p
}: HTMLAttributes<HTMLHeadingElement> & { level?: 2 | 3 }) => {
  const Heading = level === 2 ? "h2" : "h3";
  return <Heading className={cn("text-lg font-semibold leading-tight text-gray-900", className)} {...p} />;
};
export const CardDescription = ({ className, ...p }: HTMLAttributes<HTMLParagraphElement>) => (
  <p className={cn("text-sm text-gray-600", className)} {...p} />
);
export const CardContent = ({ className, ...p }: HTMLAttributes<HTMLDivElement>) => (
  <div className={cn("p-4 pt-0 sm:p-6 sm:pt-0", className)} {...p} />
);

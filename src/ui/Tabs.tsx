import { Tabs as T } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "./cn";

export const Tabs = T.Root;
export const TabsList = ({ className, ...p }: ComponentProps<typeof T.List>) => (
  <T.List
    className={cn(
      "inline-flex h-auto flex-wrap items-center gap-1 rounded-md bg-gray-100 p-1 text-gray-600",
      className,
    )}
    {...p}
  />
);
export const TabsTrigger = ({ className, ...p }: ComponentProps<typeof T.Trigger>) => (
  <T.Trigger
    className={cn(
      "inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded px-3 py-1.5 text-sm font-medium transition-all focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow-sm",
      className,
    )}
    {...p}
  />
);
export const TabsContent = ({ className, ...p }: ComponentProps<typeof T.Content>) => (
  <T.Content className={cn("mt-4 focus-visible:outline-none", className)} {...p} />
);

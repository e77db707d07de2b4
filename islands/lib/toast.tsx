import { Toast as T } from "radix-ui";
import { createContext, useCallback, useContext, useState, type ReactNode } from "react";
import { cn } from "../../src/ui/cn";

export type ToastInput = { title: string; description?: string; variant?: "default" | "destructive" };
const ToastContext = createContext<(t: ToastInput) => void>(() => {});

/** One toast at a time, 5000 ms, swipe right past 50 px, F8 focuses the viewport. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(ToastInput & { key: number }) | null>(null);
  const show = useCallback((t: ToastInput) => setCurrent({ ...t, key: Date.now() + Math.random() }), []);
  return (
    <ToastContext.Provider value={show}>
      <T.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
        {children}
        {current && (
          <T.Root
            key={current.key}
            onOpenChange={(open) => !open && setCurrent(null)}
            className={cn(
              "pointer-events-auto rounded-md border p-4 pr-8 shadow-lg",
              current.variant === "destructive"
                ? "border-red-600 bg-red-600 text-white"
                : "border-gray-200 bg-white text-gray-900",
            )}
          >
            <T.Title className="text-sm font-semibold">{current.title}</T.Title>
            {current.description && (
              <T.Description className="mt-1 text-sm opacity-90">{current.description}</T.Description>
            )}
            <T.Close
              className="absolute right-2 top-2 rounded p-1 text-xs opacity-70 hover:opacity-100"
              aria-label="Close"
            >
              ✕
            </T.Close>
          </T.Root>
        )}
        <T.Viewport
          hotkey={["F8"]}
          className="fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4"
        />
      </T.Provider>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);

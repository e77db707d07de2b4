import { Toast as T } from "radix-ui";
import { cn } from "../../src/ui/cn";
import type { ShownToast } from "./toast";
import { useI18n } from "../../src/i18n/react";

/** One toast at a time, dismissed after a while or by a swipe right; F8 focuses the viewport. */
export default function ToastView({ current, onClose }: { current: ShownToast | null; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <T.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {current && (
        <T.Root
          key={current.key}
          duration={current.duration}
          onOpenChange={(open) => !open && onClose()}
          className={cn(
            "pointer-events-auto rounded-md border p-4 pr-8 shadow-lg",
            current.variant === "destructive"
              ? "border-red-700 bg-red-700 text-white"
              : "border-gray-200 bg-white text-gray-900",
          )}
        >
          <T.Title className="text-sm font-semibold">{current.title}</T.Title>
          {current.description && (
            <T.Description className="mt-1 text-sm opacity-90">{current.description}</T.Description>
          )}
          {current.action && (
            <T.Action
              altText={current.action.altText}
              onClick={current.action.onClick}
              className="mt-2 rounded border border-gray-300 px-3 py-1 text-sm font-medium hover:bg-gray-100"
            >
              {current.action.label}
            </T.Action>
          )}
          <T.Close
            className="absolute right-2 top-2 rounded p-1 text-xs opacity-70 hover:opacity-100"
            aria-label={t("ui.close")}
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
  );
}

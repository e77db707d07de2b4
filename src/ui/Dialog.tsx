import { Dialog as D, AlertDialog as A } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "./cn";
import { useI18n } from "../i18n/react";

const overlay = "fixed inset-0 z-40 bg-black/50";
const panel =
  "fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none";

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useI18n();
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className={overlay} />
        <D.Content
          className={cn(panel, "max-w-lg", className)}
          aria-describedby={description ? undefined : undefined}
        >
          <D.Title className="text-lg font-semibold text-gray-900">{title}</D.Title>
          {description ? (
            <D.Description className="mt-1 text-sm text-gray-600">{description}</D.Description>
          ) : (
            <D.Description className="sr-only">{title}</D.Description>
          )}
          <div className="mt-4">{children}</div>
          <D.Close
            className="absolute right-4 top-4 rounded p-1 text-gray-500 hover:bg-gray-100"
            aria-label={t("ui.close")}
          >
            ✕
          </D.Close>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}

/** Confirmation for destructive actions (delete user, item, attachment). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel?: string;
  onConfirm: () => void;
  pending?: boolean;
}) {
  const { t } = useI18n();
  return (
    <A.Root open={open} onOpenChange={onOpenChange}>
      <A.Portal>
        <A.Overlay className={overlay} />
        <A.Content className={cn(panel, "max-w-md")}>
          <A.Title className="text-lg font-semibold text-gray-900">{title}</A.Title>
          <A.Description className="mt-2 text-sm text-gray-600">{description}</A.Description>
          <div className="mt-6 flex justify-end gap-2">
            <A.Cancel className="h-10 rounded-md border border-gray-300 px-4 text-sm font-medium hover:bg-gray-50">
              {t("ui.cancel")}
            </A.Cancel>
            <A.Action
              className="h-10 rounded-md bg-red-600 px-4 text-sm font-medium text-white hover:bg-red-700 disabled:opacity-50"
              disabled={pending}
              onClick={(e) => {
                e.preventDefault();
                onConfirm();
              }}
            >
              {confirmLabel ?? t("ui.delete")}
            </A.Action>
          </div>
        </A.Content>
      </A.Portal>
    </A.Root>
  );
}

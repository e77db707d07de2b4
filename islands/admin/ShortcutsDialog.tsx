import { Dialog } from "../../src/ui/Dialog";
import { SHORTCUTS } from "./useShortcuts";
import { useI18n } from "../../src/i18n/react";

/** The list of keyboard shortcuts, opened with "?" or the button beside the views. */
export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { t } = useI18n();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t("queue2.shortcuts")}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={what} className="contents">
            <dt>
              <kbd className="rounded border border-gray-300 bg-gray-50 px-1.5 py-0.5 font-mono text-xs">
                {keys.join(` ${t("shortcut.or")} `)}
              </kbd>
            </dt>
            <dd className="text-gray-800">{t(what)}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}

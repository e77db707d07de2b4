import { Dialog } from "../../src/ui/Dialog";
import { SHORTCUTS } from "./useShortcuts";

/** The list of keyboard shortcuts, opened with "?" or the button beside the views. */
export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {SHORTCUTS.map(([key, what]) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="rounded border border-gray-300 bg-gray-50 px-1.5 py-0.5 font-mono text-xs">
                {key}
              </kbd>
            </dt>
            <dd className="text-gray-800">{what}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}

import { type ComponentProps, lazy, Suspense, useState } from "react";
import { Spinner } from "../../src/ui/Spinner";
import type { KanbanBoard as Board } from "./KanbanBoard";
import type { TicketDetailDialog as QuickLook } from "./TicketDetailDialog";
import type { NewTicketDialog as NewTicket } from "./ticket/NewTicketDialog";
import type { ShortcutsDialog as Shortcuts } from "./ShortcutsDialog";
import type { SettingsTab as Settings } from "./settings/SettingsTab";
import { useI18n } from "../../src/i18n/react";

// Parts the queue's first screen does not show: each is its own chunk, fetched on first use,
// so /admin's first load carries the list view and the header only.
const BoardPart = lazy(() => import("./KanbanBoard").then((m) => ({ default: m.KanbanBoard })));
const QuickLookPart = lazy(() =>
  import("./TicketDetailDialog").then((m) => ({ default: m.TicketDetailDialog })),
);
const NewTicketPart = lazy(() =>
  import("./ticket/NewTicketDialog").then((m) => ({ default: m.NewTicketDialog })),
);
const ShortcutsPart = lazy(() => import("./ShortcutsDialog").then((m) => ({ default: m.ShortcutsDialog })));
const SettingsPart = lazy(() => import("./settings/SettingsTab").then((m) => ({ default: m.SettingsTab })));

/** True from the first time `open` is true: a dialog's code is fetched when it is first opened, then kept for its closing. */
function useOpened(open: boolean) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

const Overlay = () => <Spinner className="fixed inset-0 z-50 bg-black/20" />;

export function KanbanBoard(props: ComponentProps<typeof Board>) {
  const { t } = useI18n();
  return (
    <Suspense fallback={<Spinner label={t("queue2.loadingBoard")} />}>
      <BoardPart {...props} />
    </Suspense>
  );
}

export function SettingsTab(props: ComponentProps<typeof Settings>) {
  const { t } = useI18n();
  return (
    <Suspense fallback={<Spinner label={t("queue2.loadingSettings")} />}>
      <SettingsPart {...props} />
    </Suspense>
  );
}

export function TicketDetailDialog(props: ComponentProps<typeof QuickLook>) {
  if (!useOpened(props.id != null)) return null;
  return (
    <Suspense fallback={<Overlay />}>
      <QuickLookPart {...props} />
    </Suspense>
  );
}

export function NewTicketDialog(props: ComponentProps<typeof NewTicket>) {
  if (!useOpened(props.open)) return null;
  return (
    <Suspense fallback={<Overlay />}>
      <NewTicketPart {...props} />
    </Suspense>
  );
}

export function ShortcutsDialog(props: ComponentProps<typeof Shortcuts>) {
  if (!useOpened(props.open)) return null;
  return (
    <Suspense fallback={<Overlay />}>
      <ShortcutsPart {...props} />
    </Suspense>
  );
}

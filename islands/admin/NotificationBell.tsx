import { useEffect, useState } from "react";
import { Popover } from "radix-ui";
import { Bell } from "../../src/ui/icons";
import type { NotificationDto } from "../../src/shared/dto";
import { describeNotification } from "../../src/shared/notification-text";
import { api } from "../lib/api";
import { openEventStream } from "../lib/event-stream";
import { useI18n } from "../../src/i18n/react";

type BellState = { items: NotificationDto[]; unread: number };

/** The agent's notifications: an unread count that rises live over the event stream, and the list. */
export function NotificationBell() {
  const { t, relative } = useI18n();
  const [bell, setBell] = useState<BellState>({ items: [], unread: 0 });
  useEffect(() => {
    void api.get<BellState>("/api/admin/notifications").then(setBell, () => {});
    const stream = openEventStream();
    if (!stream) return;
    const arrived = (m: MessageEvent) => {
      const n = JSON.parse(m.data) as NotificationDto;
      setBell((b) =>
        b.items.some((i) => i.id === n.id)
          ? b
          : { items: [n, ...b.items].slice(0, 30), unread: b.unread + 1 },
      );
    };
    stream.source.addEventListener("notification", arrived);
    return () => {
      stream.source.removeEventListener("notification", arrived);
      stream.release();
    };
  }, []);
  const readAll = () => void api.post<BellState>("/api/admin/notifications/read", {}).then(setBell, () => {});
  const label = bell.unread ? t("staff.bellUnread", { count: bell.unread }) : t("staff.bell");
  return (
    <Popover.Root>
      <Popover.Trigger aria-label={label} className="relative rounded-full border p-2 hover:bg-gray-50">
        <Bell className="h-5 w-5" aria-hidden="true" />
        {bell.unread > 0 && (
          <span
            data-testid="bell-count"
            className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold text-white"
          >
            {bell.unread > 99 ? "99+" : bell.unread}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          className="z-50 w-80 rounded-md border bg-white p-2 shadow-lg"
        >
          <div className="flex items-center justify-between px-1 pb-2">
            <span className="text-sm font-semibold">{t("staff.bell")}</span>
            {bell.unread > 0 && (
              <button type="button" className="text-xs text-blue-700 hover:underline" onClick={readAll}>
                {t("staff.bellReadAll")}
              </button>
            )}
          </div>
          {bell.items.length === 0 ? (
            <p className="px-1 py-4 text-center text-sm text-gray-600">{t("staff.bellEmpty")}</p>
          ) : (
            <ul className="max-h-80 space-y-1 overflow-y-auto">
              {bell.items.map((n) => (
                <li key={n.id}>
                  <a
                    href={`/admin/tickets/${n.ticketRef}`}
                    className={`block rounded px-2 py-1.5 text-sm hover:bg-gray-100 ${n.read ? "text-gray-600" : "font-medium"}`}
                  >
                    <span className="block">{`${n.ticketRef}: ${describeNotification(t, n)}`}</span>
                    <span className="text-xs text-gray-500">{relative(n.createdAt)}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

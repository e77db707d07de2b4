import { Button } from "../../../src/ui/Button";
import type { TicketTimer as Timer } from "./useTicketTimer";
import { useI18n } from "../../../src/i18n/react";

const two = (n: number) => String(n).padStart(2, "0");
const clock = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
};

/** The ticket's timer: its running time, start or pause, and reset; sending records its minutes. */
export function TicketTimer({ timer }: { timer: Timer }) {
  const { t } = useI18n();
  return (
    <div className="flex items-center gap-2 text-sm">
      <span
        role="timer"
        aria-label={t("ticket.timer")}
        className={timer.running ? "font-medium tabular-nums text-blue-700" : "tabular-nums text-gray-700"}
      >
        {clock(timer.elapsedMs)}
      </span>
      <Button size="sm" variant="outline" onClick={timer.running ? timer.pause : timer.start}>
        {timer.running
          ? t("ticket.timerPause")
          : timer.elapsedMs
            ? t("ticket.timerResume")
            : t("ticket.timerStart")}
      </Button>
      {timer.elapsedMs > 0 && (
        <Button size="sm" variant="ghost" onClick={timer.reset}>
          {t("ticket.timerReset")}
        </Button>
      )}
    </div>
  );
}

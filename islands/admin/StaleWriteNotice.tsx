import { Button } from "../../src/ui/Button";
import type { StaleWrite, TicketChange } from "../lib/queries/tickets";
import { useMoments } from "./moments";
import { useI18n } from "../../src/i18n/react";

export type Conflict = StaleWrite & { change: TicketChange };

/** A change refused because someone else changed the ticket first: who, when, and a way to apply it again. */
export function StaleWriteNotice({
  conflict,
  onApply,
}: {
  conflict: Pick<Conflict, "changedBy">;
  onApply: () => void;
}) {
  const who = conflict.changedBy;
  const { t } = useI18n();
  const { ago } = useMoments();
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900"
    >
      <span>{who ? t("look.staleBy", { name: who.name, ago: ago(who.at) }) : t("look.staleSomeone")}</span>
      <Button variant="outline" onClick={onApply}>
        {t("look.applyAgain")}
      </Button>
    </div>
  );
}

import { useState } from "react";
import { Eye } from "../../src/ui/icons";
import { Badge } from "../../src/ui/Badge";
import { DueBadge } from "./DueBadge";
import { TagChips } from "./TagChips";
import { Button } from "../../src/ui/Button";
import { CommitSelect } from "../../src/ui/CommitSelect";
import { cn } from "../../src/ui/cn";
import { useStatuses } from "../lib/queries/statuses";
import type { TicketDto } from "../../src/shared/dto";
import { useMoments } from "./moments";
import { useI18n } from "../../src/i18n/react";

export const PRIORITY_COLOR: Record<string, string> = {
  low: "blue",
  medium: "yellow",
  high: "orange",
  urgent: "red",
};

type Props = {
  ticket: TicketDto;
  onView: (id: number) => void;
  onMove?: (status: string) => void;
  className?: string;
};

/** One ticket as a card (Kanban and Grid): More/Less details, the eye button and, on the board, a keyboard "Move to". */
export function TicketCard({ ticket: t, onView, onMove, className }: Props) {
  const [more, setMore] = useState(false);
  const statuses = useStatuses();
  const { t: tr } = useI18n();
  const { short } = useMoments();
  return (
    <article
      className={cn("rounded-lg border border-gray-200 bg-white p-3 shadow-sm", className)}
      data-ticket-id={t.id}
      aria-label={tr("staff.title.ticket", { ticketId: t.ticketId })}
    >
      <div className="flex items-center justify-between gap-2">
        <p className="whitespace-nowrap font-mono text-sm font-semibold text-gray-900">{t.ticketId}</p>
        <Button
          variant="ghost"
          size="icon"
          aria-label={tr("list.view", { ticketId: t.ticketId })}
          onClick={() => onView(t.id)}
        >
          <Eye aria-hidden className="h-4 w-4" />
        </Button>
      </div>
      <p className="truncate text-sm text-gray-700" title={`${t.firstName} ${t.lastName}`}>
        {t.firstName} {t.lastName}
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-1">
        <Badge color={PRIORITY_COLOR[t.priority] ?? "gray"}>{t.priority}</Badge>
        <DueBadge ticket={t} />
      </div>
      <p className="mt-2 line-clamp-3 break-words text-sm text-gray-800">{t.description}</p>
      {t.tags.length > 0 && (
        <div className="mt-2">
          <TagChips tags={t.tags} />
        </div>
      )}
      <p className="mt-2 text-xs text-gray-600">
        {t.ticketType} · {t.department} · {short(t.createdAt)}
      </p>
      {more && (
        <dl className="mt-2 space-y-0.5 break-words text-xs text-gray-700">
          <div>
            <dt className="inline font-medium">{tr("card.email")} </dt>
            <dd className="inline">{t.email}</dd>
          </div>
          <div>
            <dt className="inline font-medium">{tr("card.phone")} </dt>
            <dd className="inline">{t.phone}</dd>
          </div>
          <div>
            <dt className="inline font-medium">{tr("card.location")} </dt>
            <dd className="inline">{t.location || "—"}</dd>
          </div>
          <div>
            <dt className="inline font-medium">{tr("card.company")} </dt>
            <dd className="inline">{t.companyName}</dd>
          </div>
        </dl>
      )}
      <div className="mt-2 flex items-center justify-between gap-2">
        <button
          type="button"
          className="text-xs font-medium text-blue-700 hover:underline"
          aria-expanded={more}
          onClick={() => setMore(!more)}
        >
          {more ? tr("card.less") : tr("card.more")}
        </button>
        {onMove && (
          <CommitSelect
            aria-label={tr("card.moveTo", { ticketId: t.ticketId })}
            className="h-8 w-auto text-xs"
            value={t.status}
            onCommit={onMove}
          >
            {statuses.map((s) => (
              <option key={s.name} value={s.name}>
                {s.label}
              </option>
            ))}
          </CommitSelect>
        )}
      </div>
    </article>
  );
}

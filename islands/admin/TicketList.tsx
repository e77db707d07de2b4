import { Eye } from "../../src/ui/icons";
import { formatDistanceStrict } from "date-fns";
import { Badge } from "../../src/ui/Badge";
import { Button } from "../../src/ui/Button";
import { NativeSelect } from "../../src/ui/Input";
import { STATUS_LABELS, TICKET_STATUSES } from "../../src/shared/constants";
import type { TicketDto } from "../../src/shared/dto";
import { PRIORITY_COLOR, TicketCard } from "./TicketCard";
import type { Assignee } from "../lib/queries/tickets";

const COLUMNS = [
  "ID",
  "Priority",
  "Description",
  "Submitter",
  "Company",
  "Contact",
  "Type",
  "Status",
  "Assigned",
  "Time Tracking",
  "Actions",
];
const span = (from: string, to: string | null) =>
  to ? formatDistanceStrict(new Date(to), new Date(from)) : "—";
export const assigneeName = (people: Assignee[] | undefined, id: string | null) => {
  if (!id) return "Unassigned";
  const p = people?.find((u) => String(u.id) === id);
  return (p && ([p.firstName, p.lastName].filter(Boolean).join(" ") || p.email)) || `User #${id}`;
};

type Props = {
  tickets: TicketDto[];
  people?: Assignee[];
  onView: (id: number) => void;
  onStatus: (t: TicketDto, status: string) => void;
};

/** The list view: eleven columns, a status select per row and time tracking. */
export function TicketList({ tickets, people, onView, onStatus }: Props) {
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
      <table className="min-w-[64rem] w-full text-left text-sm">
        <thead className="bg-gray-50 text-gray-700">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className="px-3 py-2 font-semibold">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tickets.map((t) => (
            <tr key={t.id} className="border-t border-gray-100 align-top" data-ticket-row={t.ticketId}>
              <td className="px-3 py-2 font-mono">{t.ticketId}</td>
              <td className="px-3 py-2">
                <Badge color={PRIORITY_COLOR[t.priority] ?? "gray"}>{t.priority}</Badge>
              </td>
              <td className="max-w-xs px-3 py-2">
                <span className="line-clamp-2 break-words">{t.description}</span>
              </td>
              <td className="px-3 py-2">
                {t.firstName} {t.lastName}
              </td>
              <td className="px-3 py-2">{t.companyName}</td>
              <td className="px-3 py-2 break-words">
                <div>{t.email}</div>
                <div className="text-gray-600">{t.phone}</div>
              </td>
              <td className="px-3 py-2">{t.ticketType}</td>
              <td className="px-3 py-2">
                <NativeSelect
                  aria-label={`Status of ${t.ticketId}`}
                  className="h-8 w-36"
                  value={t.status}
                  onChange={(e) => onStatus(t, e.target.value)}
                >
                  {TICKET_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {STATUS_LABELS[s]}
                    </option>
                  ))}
                </NativeSelect>
              </td>
              <td className="px-3 py-2">{assigneeName(people, t.assignedTo)}</td>
              <td className="px-3 py-2 text-xs">
                <div>To start: {span(t.createdAt, t.processedAt)}</div>
                <div>To complete: {span(t.createdAt, t.completedAt)}</div>
              </td>
              <td className="px-3 py-2">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`View ticket ${t.ticketId}`}
                  onClick={() => onView(t.id)}
                >
                  <Eye aria-hidden className="h-4 w-4" />
                </Button>
              </td>
            </tr>
          ))}
          {tickets.length === 0 && (
            <tr>
              <td colSpan={COLUMNS.length} className="px-3 py-6 text-center text-gray-600">
                No tickets
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The grid view: one card per ticket. */
export function TicketGrid({ tickets, onView }: { tickets: TicketDto[]; onView: (id: number) => void }) {
  if (tickets.length === 0) return <p className="text-center text-gray-600">No tickets</p>;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {tickets.map((t) => (
        <TicketCard key={t.id} ticket={t} onView={onView} />
      ))}
    </div>
  );
}

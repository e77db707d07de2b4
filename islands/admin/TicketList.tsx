import { Eye } from "../../src/ui/icons";
import { formatDistanceStrict } from "date-fns";
import { Badge } from "../../src/ui/Badge";
import { DueBadge } from "./DueBadge";
import { TagChips } from "./TagChips";
import { Button } from "../../src/ui/Button";
import { CommitSelect } from "../../src/ui/CommitSelect";
import { useStatuses } from "../lib/queries/statuses";
import type { TicketDto } from "../../src/shared/dto";
import { PRIORITY_COLOR, TicketCard } from "./TicketCard";
import type { Assignee } from "../lib/queries/tickets";
import { displayValue } from "../../src/shared/custom-fields";
import { useCustomFields } from "../lib/queries/custom-fields";
import { useFieldColumns, useListFieldValues } from "./field-columns";
import { FieldColumnsPicker } from "./FieldColumnsPicker";
import { useI18n } from "../../src/i18n/react";
import type { StaffKey } from "../../src/i18n/staff/en";

const COLUMNS: StaffKey[] = [
  "list.col.id",
  "list.col.priority",
  "list.col.description",
  "list.col.submitter",
  "list.col.company",
  "list.col.contact",
  "list.col.type",
  "list.col.status",
  "list.col.assigned",
  "list.col.time",
  "list.col.actions",
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
  selected?: ReadonlySet<number>;
  /** A checkbox changed; `range` when shift was held (select from the last one clicked). */
  onSelect?: (id: number, checked: boolean, range: boolean) => void;
  onSelectAll?: (checked: boolean) => void;
  active?: number | null;
  compact?: boolean;
};

/** A cell that stays on one line; the whole text shows on hover and stays in the page for screen readers. */
const Clip = ({ text, className = "max-w-[12rem]" }: { text: string; className?: string }) => (
  <span title={text} className={`block truncate ${className}`}>
    {text}
  </span>
);

/** The list view: eleven columns and the custom fields chosen, a status select per row and time tracking. */
export function TicketList({
  tickets,
  people,
  onView,
  onStatus,
  selected,
  onSelect,
  onSelectAll,
  active,
  compact,
}: Props) {
  const pad = compact ? "px-2 py-1" : "px-3 py-2";
  const i18n = useI18n();
  const statuses = useStatuses();
  const all = tickets.length > 0 && tickets.every((t) => selected?.has(t.id));
  const fields = (useCustomFields().data ?? []).filter((f) => f.isActive);
  const [chosen, choose] = useFieldColumns();
  const shown = fields.filter((f) => chosen.includes(f.key));
  const values = useListFieldValues(
    tickets.map((t) => t.id),
    shown.length > 0,
  ).data;
  const named = (c: StaffKey) => ({ key: c, label: i18n.t(c) });
  const columns = [
    ...COLUMNS.slice(0, -1).map(named),
    ...shown.map((f) => ({ key: `cf.${f.key}`, label: f.label })),
    named(COLUMNS.at(-1)!),
  ];
  return (
    <div className="grid gap-2">
      <FieldColumnsPicker fields={fields} chosen={chosen} onChange={choose} />
      <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
        <table className="min-w-[64rem] w-full text-left text-sm">
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              {onSelect && (
                <th scope="col" className={pad}>
                  <input
                    type="checkbox"
                    aria-label={i18n.t("list.selectAll")}
                    checked={all}
                    onChange={(e) => onSelectAll?.(e.target.checked)}
                  />
                </th>
              )}
              {columns.map((c) => (
                <th key={c.key} scope="col" className={`${pad} whitespace-nowrap font-semibold`}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {tickets.map((t) => (
              <tr
                key={t.id}
                className={`border-t border-gray-100 ${compact ? "align-middle" : "align-top"} ${active === t.id ? "bg-blue-50 outline outline-2 -outline-offset-2 outline-blue-500" : ""}`}
                data-ticket-row={t.ticketId}
                data-active={active === t.id || undefined}
              >
                {onSelect && (
                  <td className={pad}>
                    <input
                      type="checkbox"
                      aria-label={i18n.t("list.select", { ticketId: t.ticketId })}
                      checked={selected?.has(t.id) ?? false}
                      onClick={(e) => onSelect(t.id, e.currentTarget.checked, e.shiftKey)}
                      onChange={() => {}}
                    />
                  </td>
                )}
                <td className={`${pad} whitespace-nowrap font-mono`}>{t.ticketId}</td>
                <td className={pad}>
                  <Badge color={PRIORITY_COLOR[t.priority] ?? "gray"}>{t.priority}</Badge>{" "}
                  <DueBadge ticket={t} /> <TagChips tags={t.tags} />
                </td>
                <td className={`max-w-xs ${pad}`}>
                  {compact ? (
                    <Clip text={t.description} className="max-w-xs" />
                  ) : (
                    <span title={t.description} className="line-clamp-2 break-words">
                      {t.description}
                    </span>
                  )}
                </td>
                <td className={pad}>
                  <Clip text={`${t.firstName} ${t.lastName}`} className="max-w-[10rem]" />
                </td>
                <td className={pad}>
                  <Clip text={t.companyName ?? ""} className="max-w-[10rem]" />
                </td>
                <td className={pad}>
                  <Clip text={t.email} />
                  {!compact && <div className="text-gray-600">{t.phone}</div>}
                </td>
                <td className={`${pad} whitespace-nowrap`}>{t.ticketType}</td>
                <td className={pad}>
                  <CommitSelect
                    aria-label={i18n.t("list.statusOf", { ticketId: t.ticketId })}
                    className="h-8 w-auto min-w-[9.5rem] pr-8"
                    value={t.status}
                    onCommit={(value) => onStatus(t, value)}
                  >
                    {statuses.map((s) => (
                      <option key={s.name} value={s.name}>
                        {s.label}
                      </option>
                    ))}
                  </CommitSelect>
                </td>
                <td className={pad}>
                  <Clip text={assigneeName(people, t.assignedTo)} className="max-w-[10rem]" />
                </td>
                <td className={`${pad} whitespace-nowrap text-xs`}>
                  <div>To start: {span(t.createdAt, t.processedAt)}</div>
                  <div>To complete: {span(t.createdAt, t.completedAt)}</div>
                </td>
                {shown.map((f) => (
                  <td key={f.key} className={pad} data-field-column={f.key}>
                    <Clip text={displayValue(f, values?.[t.id]?.[f.key])} className="max-w-[10rem]" />
                  </td>
                ))}
                <td className={pad}>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={i18n.t("list.view", { ticketId: t.ticketId })}
                    onClick={() => onView(t.id)}
                  >
                    <Eye aria-hidden className="h-4 w-4" />
                  </Button>
                </td>
              </tr>
            ))}
            {tickets.length === 0 && (
              <tr>
                <td
                  colSpan={columns.length + (onSelect ? 1 : 0)}
                  className="px-3 py-6 text-center text-gray-600"
                >
                  {i18n.t("list.none")}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The grid view: one card per ticket. */
export function TicketGrid({ tickets, onView }: { tickets: TicketDto[]; onView: (id: number) => void }) {
  const i18n = useI18n();
  if (tickets.length === 0) return <p className="text-center text-gray-600">{i18n.t("list.none")}</p>;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {tickets.map((t) => (
        <TicketCard key={t.id} ticket={t} onView={onView} />
      ))}
    </div>
  );
}

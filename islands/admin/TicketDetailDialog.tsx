import { useId, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Dialog } from "../../src/ui/Dialog";
import { Button } from "../../src/ui/Button";
import { Label } from "../../src/ui/Input";
import { CommitSelect } from "../../src/ui/CommitSelect";
import { Spinner } from "../../src/ui/Spinner";
import { STATUS_LABELS, TICKET_STATUSES } from "../../src/shared/constants";
import type { TicketDto } from "../../src/shared/dto";
import { QuickConversation } from "./QuickConversation";
import { DetailAttachments } from "./DetailAttachments";
import { TicketRating } from "./TicketRating";
import { DetailFields } from "./DetailFields";
import { DeleteTicketDialog } from "./DeleteTicketDialog";
import { usePublicList } from "../lib/queries/public-config";
import { useAssignees, useTicket, useTicketChange } from "../lib/queries/tickets";
import { assigneeName } from "./TicketList";
import { type Conflict, StaleWriteNotice } from "./StaleWriteNotice";
import { queryKeys } from "../lib/query-keys";
import { useViewers } from "../lib/live-events";
import { TagEditor } from "./TagEditor";
import { MergeTicket } from "./ticket/MergeTicket";
import { TicketLinks } from "./ticket/TicketLinks";
import { openChildren, useTicketLinks } from "../lib/queries/ticket-links";
import { useMoments } from "./moments";
import { useI18n } from "../../src/i18n/react";

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase text-gray-600">{label}</dt>
      <dd className="break-words text-sm text-gray-900">{children || "—"}</dd>
    </div>
  );
}

function Actions({ t, onStale }: { t: TicketDto; onStale: (c: Conflict) => void }) {
  const client = useQueryClient();
  const change = useTicketChange((stale, attempted) => {
    client.setQueryData(queryKeys.tickets.detail(t.id), stale.ticket);
    onStale({ ...stale, change: attempted });
  });
  const people = useAssignees().data;
  const priorities = usePublicList("priorities").data ?? [];
  const ids = { status: useId(), priority: useId(), assign: useId() };
  const children = openChildren(useTicketLinks(t.id).data);
  const { t: tr } = useI18n();
  // closing a parent asks first while any of its children is still open
  const confirmClose = (status: string) =>
    !["completed", "burnt"].includes(status) ||
    !children.length ||
    window.confirm(
      tr("look.closeParent", {
        count: children.length,
        ids: children.map((c) => c.ticket.ticketId).join(", "),
      }),
    );
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <div className="space-y-1">
        <Label htmlFor={ids.status}>{tr("filters.status")}</Label>
        <CommitSelect
          id={ids.status}
          value={t.status}
          onCommit={(value) =>
            confirmClose(value) &&
            change.mutate({ id: t.id, field: "status", value, version: t.version, previous: t.status })
          }
        >
          {TICKET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </CommitSelect>
      </div>
      <div className="space-y-1">
        <Label htmlFor={ids.priority}>{tr("filters.priority")}</Label>
        <CommitSelect
          id={ids.priority}
          value={t.priority}
          onCommit={(value) => change.mutate({ id: t.id, field: "priority", value, version: t.version })}
        >
          {priorities.map((p) => (
            <option key={p.name} value={p.name}>
              {p.label}
            </option>
          ))}
        </CommitSelect>
      </div>
      <div className="space-y-1">
        <Label htmlFor={ids.assign}>{tr("look.assignTo")}</Label>
        <CommitSelect
          id={ids.assign}
          value={t.assignedTo ?? ""}
          onCommit={(value) =>
            change.mutate({
              id: t.id,
              field: "assign",
              value: value ? Number(value) : null,
              version: t.version,
            })
          }
        >
          <option value="">{tr("filters.unassigned")}</option>
          {t.assignedTo && !people?.some((p) => String(p.id) === t.assignedTo) && (
            <option value={t.assignedTo}>{assigneeName(people, t.assignedTo)}</option>
          )}
          {(people ?? []).map((p) => (
            <option key={p.id} value={String(p.id)}>
              {assigneeName(people, String(p.id))}
            </option>
          ))}
        </CommitSelect>
      </div>
    </div>
  );
}

/** The ticket detail dialog: everything about one ticket, its notes and files, and the staff actions. */
export function TicketDetailDialog({
  id,
  onClose,
  me,
}: {
  id: number | null;
  onClose: () => void;
  me: number;
}) {
  const [deleting, setDeleting] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const ticket = useTicket(id);
  const t = ticket.data;
  const viewers = useViewers(id, me);
  const retry = useTicketChange();
  const shown = conflict?.ticket.id === id ? conflict : null; // another ticket opened: not its conflict
  const { t: tr } = useI18n();
  const { stamp } = useMoments();
  const when = (v: string | null) => (v ? stamp(v) : "—");
  return (
    <Dialog
      open={id !== null}
      onOpenChange={(o) => !o && onClose()}
      title={t ? tr("staff.title.ticket", { ticketId: t.ticketId }) : tr("look.ticket")}
      className="max-w-3xl"
    >
      {ticket.isError && (
        <p role="alert" className="text-sm text-red-700">
          {tr("look.fetchFailed")}
        </p>
      )}
      {!t && !ticket.isError && <Spinner />}
      {t && (
        <div className="space-y-5">
          <a
            href={`/admin/tickets/${t.ticketId}`}
            className="inline-block text-sm font-medium text-blue-700 underline"
          >
            {tr("look.fullPage")}
          </a>
          {viewers.length > 0 && (
            <p className="text-sm text-gray-700" data-testid="viewers">
              {tr("look.viewers", { names: viewers.join(", "), count: viewers.length })}
            </p>
          )}
          {shown && (
            <StaleWriteNotice
              conflict={shown}
              onApply={() => {
                retry.mutate({ ...shown.change, version: t.version });
                setConflict(null);
              }}
            />
          )}
          <Actions t={t} onStale={setConflict} />
          <TagEditor t={t} />
          <MergeTicket t={t} />
          <TicketLinks ticketId={t.id} />
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Field label={tr("look.created")}>{when(t.createdAt)}</Field>
            <Field label={tr("look.inProgress")}>{when(t.processedAt)}</Field>
            <Field label={tr("look.completed")}>{when(t.completedAt)}</Field>
            <Field label={tr("list.col.submitter")}>
              {t.firstName} {t.lastName}
            </Field>
            <Field label={tr("look.email")}>{t.email}</Field>
            <Field label={tr("look.phone")}>{t.phone}</Field>
            <Field label={tr("filters.company")}>{t.companyName}</Field>
            <Field label={tr("look.location")}>{t.location}</Field>
            <Field label={tr("filters.department")}>{t.department}</Field>
            <Field label={tr("filters.type")}>{t.ticketType}</Field>
          </dl>
          <div>
            <h3 className="font-semibold text-gray-900">{tr("list.col.description")}</h3>
            <p className="whitespace-pre-wrap break-words text-sm text-gray-800">{t.description}</p>
          </div>
          <TicketRating ticketId={t.id} />
          <DetailFields ticketId={t.id} ticketType={t.ticketType} />
          <QuickConversation ticketId={t.id} requester={t.email} status={t.status} />
          <DetailAttachments ticketId={t.id} />
          <div className="flex justify-end border-t border-gray-200 pt-4">
            <Button variant="destructive" onClick={() => setDeleting(true)}>
              {tr("look.delete")}
            </Button>
          </div>
          <DeleteTicketDialog
            id={t.id}
            ticketId={t.ticketId}
            open={deleting}
            onOpenChange={setDeleting}
            onDeleted={() => {
              setDeleting(false);
              onClose();
            }}
          />
        </div>
      )}
    </Dialog>
  );
}

import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { TicketDto } from "../../../src/shared/dto";
import { Spinner } from "../../../src/ui/Spinner";
import { useViewers } from "../../lib/live-events";
import { useApiMutation } from "../../lib/queries/mutation";
import { useAttachments, useNotes, type Note } from "../../lib/queries/ticket-files";
import { editTicket, type TicketEdit, useTicketHistory } from "../../lib/queries/ticket-page";
import { type StaleWrite, useTicket } from "../../lib/queries/tickets";
import { openChildren, useTicketLinks } from "../../lib/queries/ticket-links";
import { statusLabel, useStatuses } from "../../lib/queries/statuses";
import { queryKeys } from "../../lib/query-keys";
import { serverMessage, ApiError } from "../../lib/api";
import { useToast } from "../../lib/toast";
import { type HeldMail, useUndoSend } from "../../lib/undo-send";
import { StaleWriteNotice } from "../StaleWriteNotice";
import { UnverifiedReplies } from "../UnverifiedReplies";
import { Composer } from "./Composer";
import { QueueNav } from "./QueueNav";
import { TicketSide } from "./TicketSide";
import { Timeline } from "./Timeline";
import { timelineOf } from "./timeline-items";
import { useI18n } from "../../../src/i18n/react";
import { useShortDates } from "../../../src/i18n/short-dates";

const heldOf = (t: unknown) => (t as { heldMail?: HeldMail }).heldMail;
const isHeld = (n: Note) => "unverifiedReason" in n && Boolean(n.unverifiedReason);
const staleOf = (err: unknown): StaleWrite | null =>
  err instanceof ApiError && err.status === 409 && err.data && "ticket" in err.data
    ? (err.data as unknown as StaleWrite)
    : null;

/** Saves field edits; a change made from an out-of-date view is refused and offered again. */
function useFieldSave(t: TicketDto | undefined) {
  const { t: tr, message } = useI18n();
  const toast = useToast();
  const client = useQueryClient();
  const [conflict, setConflict] = useState<(StaleWrite & { changes: TicketEdit }) | null>(null);
  const offer = useUndoSend();
  const save = useApiMutation(editTicket(t?.id ?? 0), {
    onSuccess: (after, vars) =>
      offer({
        ticketId: after.id,
        heldMail: heldOf(after),
        title: tr("ticket.updated"),
        status: vars.previous,
      }),
    onError: (err, vars) => {
      const stale = staleOf(err);
      if (stale) {
        client.setQueryData(queryKeys.tickets.detail(stale.ticket.id), stale.ticket);
        return setConflict({ ...stale, changes: vars.changes });
      }
      toast({
        title: tr("ticket.updateFailed"),
        description: message(serverMessage(err, "")) || undefined,
        variant: "destructive",
      });
    },
  });
  return {
    conflict,
    save: (changes: TicketEdit) =>
      t && save.mutate({ changes, version: t.version, previous: changes.status ? t.status : undefined }),
    retry: () => {
      if (!conflict || !t) return;
      save.mutate({ changes: conflict.changes, version: t.version });
      setConflict(null);
    },
  };
}

/** One ticket on a whole page: the conversation and history on the left, every field on the right. */
export function TicketWorkspace({ id, ticketId, me }: { id: number; ticketId: string; me: number }) {
  const i18n = useI18n();
  const { moment: stamp } = useShortDates();
  const ticket = useTicket(id);
  const t = ticket.data;
  const notes = useNotes("staff", id);
  const files = useAttachments("staff", id);
  const history = useTicketHistory(id);
  const statuses = useStatuses();
  const viewers = useViewers(id, me);
  const fields = useFieldSave(t);
  const children = openChildren(useTicketLinks(id).data);
  // closing a parent asks first while any of its children is still open
  const confirmClose = (status: string) =>
    !["completed", "burnt"].includes(status) ||
    !children.length ||
    window.confirm(i18n.t("ticket.closeWithChildren", { count: children.length }));
  const label = (field: string, v: string) => (field === "status" ? statusLabel(statuses, v) : v);
  const items = timelineOf(
    notes.data?.filter((n) => !isHeld(n)) ?? [],
    files.data ?? [],
    history.data ?? [],
    label,
    i18n.t,
  );
  if (ticket.isError) return <p role="alert">{i18n.t("ticket.fetchFailed")}</p>;
  if (!t) return <Spinner label={i18n.t("ticket.loading")} />;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="min-w-0 space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="min-w-0">
            <h1 className="text-xl font-bold">{i18n.t("staff.title.ticket", { ticketId })}</h1>
            <p className="text-sm text-gray-700">
              {t.firstName} {t.lastName} · {statusLabel(statuses, t.status)} · {stamp(t.createdAt)}
            </p>
          </div>
          <QueueNav ticketId={ticketId} />
        </div>
        {viewers.length > 0 && (
          <p className="text-sm text-gray-700" data-testid="viewers">
            {i18n.t("ticket.viewers", { count: viewers.length, names: viewers.join(", ") })}
          </p>
        )}
        {fields.conflict && <StaleWriteNotice conflict={fields.conflict} onApply={fields.retry} />}
        <UnverifiedReplies ticketId={id} notes={notes.data?.filter(isHeld) ?? []} when={stamp} />
        <Timeline items={items} pending={notes.isPending || history.isPending} />
        <Composer ticketId={id} requester={t.email} status={t.status} />
      </div>
      <TicketSide t={t} save={fields.save} confirmClose={confirmClose} />
    </div>
  );
}

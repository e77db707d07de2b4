import { useId, useState } from "react";
import type { TicketDto } from "../../../src/shared/dto";
import { Button } from "../../../src/ui/Button";
import { Input, Label } from "../../../src/ui/Input";
import { api } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";
import { useToast } from "../../lib/toast";
import { type MutationDef, useApiMutation } from "../../lib/queries/mutation";
import { relogin } from "../../lib/queries/relogin";
import { useTicket } from "../../lib/queries/tickets";
import { useI18n } from "../../../src/i18n/react";
import { fill } from "../../lib/fill";

const mergeInto = (id: number): MutationDef<string, { target: TicketDto }> => ({
  mutationFn: (into) => api.post(`/api/admin/tickets/${id}/merge`, { into }),
  invalidates: [queryKeys.tickets.all],
  relogin,
});

/** A merged ticket names where it lives now; any other can be merged into a ticket given by number. */
export function MergeTicket({ t }: { t: TicketDto }) {
  const id = useId();
  const [into, setInto] = useState("");
  const { t: tr, message } = useI18n();
  const toast = useToast();
  const target = useTicket(t.mergedInto);
  const merge = useApiMutation(mergeInto(t.id), {
    onSuccess: (r) => toast({ title: tr("ticket.mergedInto", { ticketId: r.target.ticketId }) }),
    onError: (err) =>
      toast({
        title: tr("ticket.mergeFailed"),
        description: message((err as Error).message),
        variant: "destructive",
      }),
  });
  if (t.mergedInto !== null)
    return (
      <p
        role="status"
        className="rounded-md bg-amber-50 p-2 text-sm text-amber-900"
        data-testid="merged-into"
      >
        {fill(tr("ticket.mergedNotice", { target: "{target}" }), {
          target: target.data ? (
            <a className="underline" href={`/admin/tickets/${target.data.ticketId}`}>
              {target.data.ticketId}
            </a>
          ) : (
            tr("ticket.anotherTicket")
          ),
        })}
      </p>
    );
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (into.trim()) merge.mutate(into.trim());
      }}
    >
      <div className="space-y-1">
        <Label htmlFor={id}>{tr("ticket.mergeInto")}</Label>
        <Input
          id={id}
          value={into}
          placeholder="WI-2026-001"
          className="w-40"
          onChange={(e) => setInto(e.target.value)}
        />
      </div>
      <Button type="submit" size="sm" variant="outline" disabled={merge.isPending || !into.trim()}>
        {tr("ticket.merge")}
      </Button>
    </form>
  );
}

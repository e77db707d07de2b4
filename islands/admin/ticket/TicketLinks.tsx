import { useId, useState } from "react";
import { STATUS_LABELS } from "../../../src/shared/constants";
import { Button } from "../../../src/ui/Button";
import { Input, Label, NativeSelect } from "../../../src/ui/Input";
import { useToast } from "../../lib/toast";
import { useApiMutation } from "../../lib/queries/mutation";
import { addTicketLink, removeTicketLink, useTicketLinks } from "../../lib/queries/ticket-links";
import { useI18n } from "../../../src/i18n/react";

const KIND_LABEL = {
  parent: "ticket.link.parent",
  child: "ticket.link.child",
  related: "ticket.link.related",
} as const;

/** Linked tickets with their status, a form to link another by number, and removal. */
export function TicketLinks({ ticketId }: { ticketId: number }) {
  const ids = { ticket: useId(), kind: useId() };
  const [other, setOther] = useState("");
  const [kind, setKind] = useState("related");
  const { t, message } = useI18n();
  const toast = useToast();
  const links = useTicketLinks(ticketId);
  const failed = (err: unknown) =>
    toast({
      title: t("ticket.linksFailed"),
      description: message((err as Error).message),
      variant: "destructive",
    });
  const add = useApiMutation(addTicketLink(ticketId), { onSuccess: () => setOther(""), onError: failed });
  const remove = useApiMutation(removeTicketLink(ticketId), { onError: failed });
  return (
    <section className="space-y-2" data-testid="ticket-links">
      <h3 className="font-semibold text-gray-900">{t("ticket.linkedTickets")}</h3>
      {links.data?.length === 0 && <p className="text-sm text-gray-600">{t("ticket.noLinks")}</p>}
      <ul className="space-y-1">
        {links.data?.map((l) => (
          <li key={l.id} className="flex items-center gap-2 text-sm">
            <span className="w-16 text-xs uppercase text-gray-600">{t(KIND_LABEL[l.kind])}</span>
            <a className="font-mono underline" href={`/admin/tickets/${l.ticket.ticketId}`}>
              {l.ticket.ticketId}
            </a>
            <span>{STATUS_LABELS[l.ticket.status as keyof typeof STATUS_LABELS] ?? l.ticket.status}</span>
            <span className="truncate text-gray-600">{l.ticket.description}</span>
            <Button size="sm" variant="ghost" className="ml-auto" onClick={() => remove.mutate(l.id)}>
              {t("ticket.remove")}
            </Button>
          </li>
        ))}
      </ul>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (other.trim()) add.mutate({ ticket: other.trim(), kind });
        }}
      >
        <div className="space-y-1">
          <Label htmlFor={ids.ticket}>{t("ticket.linkTicket")}</Label>
          <Input
            id={ids.ticket}
            value={other}
            placeholder="WI-2026-001"
            className="w-40"
            onChange={(e) => setOther(e.target.value)}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={ids.kind}>{t("ticket.asIts")}</Label>
          <NativeSelect id={ids.kind} value={kind} onChange={(e) => setKind(e.target.value)}>
            <option value="related">{t("ticket.link.related")}</option>
            <option value="parent">{t("ticket.link.parent")}</option>
            <option value="child">{t("ticket.link.child")}</option>
          </NativeSelect>
        </div>
        <Button type="submit" size="sm" variant="outline" disabled={add.isPending || !other.trim()}>
          {t("ticket.link")}
        </Button>
      </form>
    </section>
  );
}

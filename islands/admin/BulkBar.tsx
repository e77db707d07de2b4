import { useId, useState } from "react";
import { Button } from "../../src/ui/Button";
import { Dialog } from "../../src/ui/Dialog";
import { FieldError, Input, Label, NativeSelect } from "../../src/ui/Input";
import { DASHBOARD_LIMIT } from "../../src/shared/constants";
import { useStatuses } from "../lib/queries/statuses";
import { BULK_MAX } from "../../src/shared/schemas/admin-ticket";
import { ApiError, serverMessage } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { bulkAction, type BulkInput, fetchMatchingIds } from "../lib/queries/queue";
import type { Assignee, TicketQuery } from "../lib/queries/tickets";
import { usePublicList } from "../lib/queries/public-config";
import { useToast } from "../lib/toast";
import { useUndoSend } from "../lib/undo-send";
import { assigneeName } from "./TicketList";
import { useI18n } from "../../src/i18n/react";

type Props = {
  selected: ReadonlySet<number>;
  onSelected: (ids: Set<number>) => void;
  query: TicketQuery;
  total: string;
  people?: Assignee[];
};

/** Changes every selected ticket at once; the server does all of them or none. */
export function BulkBar({ selected, onSelected, query, total, people }: Props) {
  const toast = useToast();
  const { t, message } = useI18n();
  const offer = useUndoSend();
  const priorities = usePublicList("priorities").data ?? [];
  const statuses = useStatuses();
  const [capped, setCapped] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [wrong, setWrong] = useState(false);
  const bulk = useApiMutation(bulkAction, {
    onSuccess: (r) => {
      const n = "deleted" in r ? r.deleted : r.updated;
      const title = t("deleted" in r ? "bulk.deleted" : "bulk.updated", { count: n });
      // a status change's e-mails wait a few seconds, and the toast offers to undo it meanwhile
      if ("heldMail" in r && r.heldMail) offer({ title, heldMail: r.heldMail, tickets: r.heldMail.tickets });
      else toast({ title });
      setDeleting(false);
      onSelected(new Set());
    },
    onError: (err, vars) => {
      if (vars.action === "delete" && err instanceof ApiError && err.status === 403) return setWrong(true);
      const gone = err instanceof ApiError && err.status === 404;
      toast({
        title: t("bulk.failed"),
        description: gone ? t("bulk.gone") : message(serverMessage(err, t("held.tryAgain"))),
        variant: "destructive",
      });
    },
  });
  const ids = [...selected];
  // the server checks each action's value; the union's variants share everything but it
  const run = (input: { action: BulkInput["action"]; value?: unknown; password?: string }) =>
    bulk.mutate({ ...input, ids } as BulkInput);
  const selectAll = async () => {
    const r = await fetchMatchingIds(query, BULK_MAX, DASHBOARD_LIMIT);
    setCapped(r.capped);
    onSelected(new Set(r.ids));
  };
  const pick = (label: string, options: { value: string; label: string }[], act: (v: string) => void) => (
    <NativeSelect
      aria-label={label}
      className="h-8 w-auto"
      value=""
      disabled={!ids.length || bulk.isPending}
      onChange={(e) => e.target.value && act(e.target.value)}
    >
      <option value="">{label}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </NativeSelect>
  );
  return (
    <section
      aria-label={t("bulk.label")}
      className="flex flex-wrap items-center gap-2 rounded-md bg-gray-50 p-2 text-sm"
    >
      <span aria-live="polite" className="font-medium text-gray-900">
        {t("bulk.selected", { count: ids.length })}
      </span>
      <Button variant="outline" size="sm" onClick={() => void selectAll()}>
        {t("bulk.selectAll", { total })}
      </Button>
      {ids.length > 0 && (
        <Button variant="ghost" size="sm" onClick={() => onSelected(new Set())}>
          {t("bulk.clear")}
        </Button>
      )}
      {capped && <span className="text-amber-800">{t("bulk.capped", { max: BULK_MAX })}</span>}
      {/* the actions appear once something is selected; before that they could only sit disabled */}
      {ids.length > 0 && (
        <>
          {pick(
            t("bulk.setStatus"),
            statuses.map((s) => ({ value: s.name, label: s.label })),
            (value) => run({ action: "status", value }),
          )}
          {pick(
            t("bulk.setPriority"),
            priorities.map((p) => ({ value: p.name, label: p.name })),
            (value) => run({ action: "priority", value }),
          )}
          {pick(
            t("bulk.assign"),
            [
              { value: "none", label: t("filters.unassigned") },
              ...(people ?? []).map((p) => ({
                value: String(p.id),
                label: assigneeName(people, String(p.id)),
              })),
            ],
            (v) => run({ action: "assign", value: v === "none" ? null : Number(v) }),
          )}
          <Button variant="destructive" size="sm" disabled={!ids.length} onClick={() => setDeleting(true)}>
            {t("bulk.delete")}
          </Button>
        </>
      )}
      <BulkDelete
        count={ids.length}
        open={deleting}
        wrong={wrong}
        pending={bulk.isPending}
        onOpenChange={(o) => {
          setWrong(false);
          setDeleting(o);
        }}
        onDelete={(password) => run({ action: "delete", password })}
      />
    </section>
  );
}

function BulkDelete(p: {
  count: number;
  open: boolean;
  wrong: boolean;
  pending: boolean;
  onOpenChange: (o: boolean) => void;
  onDelete: (password: string) => void;
}) {
  const [password, setPassword] = useState("");
  const id = useId();
  const { t } = useI18n();
  return (
    <Dialog
      open={p.open}
      onOpenChange={(o) => {
        setPassword("");
        p.onOpenChange(o);
      }}
      title={t("bulk.deleteTitle")}
      description={t("bulk.deleteText", { count: p.count })}
    >
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (password) p.onDelete(password);
        }}
      >
        <Label htmlFor={id} required>
          {t("look.password")}
        </Label>
        <Input
          id={id}
          type="password"
          autoComplete="current-password"
          value={password}
          aria-invalid={p.wrong}
          aria-describedby={p.wrong ? `${id}-err` : undefined}
          onChange={(e) => setPassword(e.target.value)}
        />
        {p.wrong && <FieldError id={`${id}-err`} message={t("look.wrongPassword")} />}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => p.onOpenChange(false)}>
            {t("look.cancel")}
          </Button>
          <Button type="submit" variant="destructive" disabled={!password || p.pending}>
            {t("bulk.deleteTitle")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

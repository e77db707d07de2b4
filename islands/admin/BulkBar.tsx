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
import { assigneeName } from "./TicketList";

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
  const priorities = usePublicList("priorities").data ?? [];
  const statuses = useStatuses();
  const [capped, setCapped] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [wrong, setWrong] = useState(false);
  const bulk = useApiMutation(bulkAction, {
    onSuccess: (r) => {
      const n = "deleted" in r ? r.deleted : r.updated;
      toast({ title: `${"deleted" in r ? "Deleted" : "Updated"} ${n} ticket${n === 1 ? "" : "s"}` });
      setDeleting(false);
      onSelected(new Set());
    },
    onError: (err, vars) => {
      if (vars.action === "delete" && err instanceof ApiError && err.status === 403) return setWrong(true);
      const gone = err instanceof ApiError && err.status === 404;
      toast({
        title: "Bulk action failed",
        description: gone
          ? "Some tickets are gone or out of your scope; nothing was changed."
          : serverMessage(err, "Please try again."),
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
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-2 rounded-md bg-gray-50 p-2 text-sm"
    >
      <span aria-live="polite" className="font-medium text-gray-900">
        {ids.length} selected
      </span>
      <Button variant="outline" size="sm" onClick={() => void selectAll()}>
        Select all {total} matching
      </Button>
      {ids.length > 0 && (
        <Button variant="ghost" size="sm" onClick={() => onSelected(new Set())}>
          Clear selection
        </Button>
      )}
      {capped && (
        <span className="text-amber-800">Only the first {BULK_MAX} (the most one action can change).</span>
      )}
      {/* the actions appear once something is selected; before that they could only sit disabled */}
      {ids.length > 0 && (
        <>
          {pick(
            "Set status",
            statuses.map((s) => ({ value: s.name, label: s.label })),
            (value) => run({ action: "status", value }),
          )}
          {pick(
            "Set priority",
            priorities.map((p) => ({ value: p.name, label: p.name })),
            (value) => run({ action: "priority", value }),
          )}
          {pick(
            "Assign to",
            [
              { value: "none", label: "Unassigned" },
              ...(people ?? []).map((p) => ({
                value: String(p.id),
                label: assigneeName(people, String(p.id)),
              })),
            ],
            (v) => run({ action: "assign", value: v === "none" ? null : Number(v) }),
          )}
          <Button variant="destructive" size="sm" disabled={!ids.length} onClick={() => setDeleting(true)}>
            Delete selected
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
  return (
    <Dialog
      open={p.open}
      onOpenChange={(o) => {
        setPassword("");
        p.onOpenChange(o);
      }}
      title="Delete Tickets"
      description={`Enter your password to permanently delete ${p.count} tickets. This cannot be undone.`}
    >
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (password) p.onDelete(password);
        }}
      >
        <Label htmlFor={id} required>
          Password
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
        {p.wrong && <FieldError id={`${id}-err`} message="Incorrect Password" />}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => p.onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={!password || p.pending}>
            Delete Tickets
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

import { useId, useState } from "react";
import { Button } from "../../src/ui/Button";
import { Dialog } from "../../src/ui/Dialog";
import { Input, Label } from "../../src/ui/Input";
import { cn } from "../../src/ui/cn";
import { serverMessage } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { createView, useViews } from "../lib/queries/queue";
import { useToast } from "../lib/toast";
import { ManageViewsDialog } from "./ManageViewsDialog";
import { applyView, isCurrent, viewFiltersOf } from "./saved-views";
import type { QueueState } from "./url-state";
import { formatTotal } from "./useQueuePages";
import type { StaffKey } from "../../src/i18n/staff/en";

// the quick views' names are the product's own words, so they follow the user's language
const QUICK: Record<string, StaffKey> = {
  mine: "views.mine",
  unassigned: "filters.unassigned",
  "open-high-urgent": "views.openHighUrgent",
  "all-open": "views.allOpen",
  "breaching-soon": "views.breachingSoon",
};
import { useI18n } from "../../src/i18n/react";

/** Quick views and the user's saved views, each with its count; the current queue can be saved as one. */
export function ViewsBar({
  state,
  onApply,
}: {
  state: QueueState;
  onApply: (p: Partial<QueueState>) => void;
}) {
  const views = useViews();
  const [saving, setSaving] = useState(false);
  const [managing, setManaging] = useState(false);
  const own = (views.data ?? []).filter((v) => !v.builtin);
  const { t, number } = useI18n();
  return (
    <nav aria-label={t("views.label")} className="flex flex-wrap items-center gap-2">
      {(views.data ?? []).map((v) => {
        const on = isCurrent(state, v) && state.view === v.viewMode;
        return (
          <button
            key={String(v.id)}
            type="button"
            aria-pressed={on}
            onClick={() => onApply(applyView(v))}
            className={cn(
              "inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium",
              on
                ? "border-blue-600 bg-blue-600 text-white"
                : "border-gray-300 bg-white text-gray-800 hover:bg-gray-50",
            )}
          >
            {v.builtin && QUICK[String(v.id)] ? t(QUICK[String(v.id)]!) : v.name}
            <span
              className={cn("rounded-full px-1.5 text-xs", on ? "bg-white/20" : "bg-gray-100 text-gray-700")}
              data-view-count
            >
              {formatTotal(v.count, v.countIsExact, number)}
            </span>
          </button>
        );
      })}
      <Button variant="outline" size="sm" onClick={() => setSaving(true)}>
        {t("views.save")}
      </Button>
      {own.length > 0 && (
        <Button variant="ghost" size="sm" onClick={() => setManaging(true)}>
          {t("views.manage")}
        </Button>
      )}
      <SaveViewDialog open={saving} onOpenChange={setSaving} state={state} />
      <ManageViewsDialog open={managing} onOpenChange={setManaging} views={own} />
    </nav>
  );
}

function SaveViewDialog({
  open,
  onOpenChange,
  state,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  state: QueueState;
}) {
  const [name, setName] = useState("");
  const toast = useToast();
  const id = useId();
  const { t, message } = useI18n();
  const save = useApiMutation(createView, {
    onSuccess: () => {
      toast({ title: t("views.saved") });
      setName("");
      onOpenChange(false);
    },
    onError: (err) =>
      toast({ title: message(serverMessage(err, t("views.saveFailed"))), variant: "destructive" }),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t("views.save")} description={t("views.saveText")}>
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim())
            save.mutate({ name: name.trim(), filters: viewFiltersOf(state), viewMode: state.view });
        }}
      >
        <Label htmlFor={id} required>
          {t("views.name")}
        </Label>
        <Input id={id} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("look.cancel")}
          </Button>
          <Button type="submit" disabled={!name.trim() || save.isPending}>
            {t("views.saveButton")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

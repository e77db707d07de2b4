import { useState } from "react";
import { Button } from "../../src/ui/Button";
import { Dialog } from "../../src/ui/Dialog";
import { Input } from "../../src/ui/Input";
import { ChevronDown, ChevronUp, Trash2 } from "../../src/ui/icons";
import { serverMessage } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { deleteView, reorderViews, type SavedView, updateView } from "../lib/queries/queue";
import { useToast } from "../lib/toast";
import { useI18n } from "../../src/i18n/react";

/** Rename, reorder and delete the user's own views (the quick views are fixed). */
export function ManageViewsDialog({
  open,
  onOpenChange,
  views,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  views: SavedView[];
}) {
  const toast = useToast();
  const { t, message } = useI18n();
  const fail = (fallback: string) => (err: unknown) =>
    toast({ title: message(serverMessage(err, fallback)), variant: "destructive" });
  const rename = useApiMutation(updateView, { onError: fail(t("views.renameFailed")) });
  const remove = useApiMutation(deleteView, { onError: fail(t("views.deleteFailed")) });
  const reorder = useApiMutation(reorderViews, { onError: fail(t("views.reorderFailed")) });
  const ids = views.map((v) => Number(v.id));
  const move = (i: number, by: number) => {
    const next = [...ids];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    reorder.mutate(next);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t("views.manage")}>
      <ul className="space-y-2">
        {views.map((v, i) => (
          <li key={String(v.id)} className="flex items-center gap-1">
            <NameField
              name={v.name}
              onSave={(name) =>
                rename.mutate({ id: Number(v.id), name, filters: { ...v.filters }, viewMode: v.viewMode })
              }
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("views.up", { name: v.name })}
              disabled={i === 0}
              onClick={() => move(i, -1)}
            >
              <ChevronUp aria-hidden className="h-4 w-4" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("views.down", { name: v.name })}
              disabled={i === views.length - 1}
              onClick={() => move(i, 1)}
            >
              <ChevronDown aria-hidden className="h-4 w-4" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("views.delete", { name: v.name })}
              onClick={() => remove.mutate(Number(v.id))}
            >
              <Trash2 aria-hidden className="h-4 w-4" />
            </Button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

/** The name saves when the field loses focus or on Enter. */
function NameField({ name, onSave }: { name: string; onSave: (name: string) => void }) {
  const [value, setValue] = useState(name);
  const { t } = useI18n();
  const commit = () => value.trim() && value.trim() !== name && onSave(value.trim());
  return (
    <Input
      aria-label={t("views.nameOf", { name })}
      value={value}
      maxLength={100}
      onChange={(e) => setValue(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === "Enter" && commit()}
    />
  );
}

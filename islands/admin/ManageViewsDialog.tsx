import { useState } from "react";
import { Button } from "../../src/ui/Button";
import { Dialog } from "../../src/ui/Dialog";
import { Input } from "../../src/ui/Input";
import { ChevronDown, ChevronUp, Trash2 } from "../../src/ui/icons";
import { serverMessage } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { deleteView, reorderViews, type SavedView, updateView } from "../lib/queries/queue";
import { useToast } from "../lib/toast";

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
  const fail = (fallback: string) => (err: unknown) =>
    toast({ title: serverMessage(err, fallback), variant: "destructive" });
  const rename = useApiMutation(updateView, { onError: fail("Failed to rename view") });
  const remove = useApiMutation(deleteView, { onError: fail("Failed to delete view") });
  const reorder = useApiMutation(reorderViews, { onError: fail("Failed to reorder views") });
  const ids = views.map((v) => Number(v.id));
  const move = (i: number, by: number) => {
    const next = [...ids];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    reorder.mutate(next);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Manage views">
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
              aria-label={`Move ${v.name} up`}
              disabled={i === 0}
              onClick={() => move(i, -1)}
            >
              <ChevronUp aria-hidden className="h-4 w-4" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Move ${v.name} down`}
              disabled={i === views.length - 1}
              onClick={() => move(i, 1)}
            >
              <ChevronDown aria-hidden className="h-4 w-4" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete view ${v.name}`}
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
  const commit = () => value.trim() && value.trim() !== name && onSave(value.trim());
  return (
    <Input
      aria-label={`Name of view ${name}`}
      value={value}
      maxLength={100}
      onChange={(e) => setValue(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === "Enter" && commit()}
    />
  );
}

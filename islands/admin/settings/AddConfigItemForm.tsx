import { useState, type FormEvent } from "react";
import { Plus } from "../../../src/ui/icons";
import type { ConfigKindName } from "../../../src/shared/constants";
import { Button } from "../../../src/ui/Button";
import { Input } from "../../../src/ui/Input";
import { LIST_META } from "./config-list-meta";
import { ColorSelect } from "./ColorSelect";
import { useSettingsMutation } from "./use-settings-mutation";
import { createConfigItem } from "../../lib/queries/config-lists";

/** Add disabled while the name is empty; label and colour only where the kind has them. */
export function AddConfigItemForm({ kind, count }: { kind: ConfigKindName; count: number }) {
  const meta = LIST_META[kind];
  const [name, setName] = useState("");
  const [label, setLabel] = useState("");
  const [color, setColor] = useState("gray");
  const create = useSettingsMutation(createConfigItem(kind), {
    success: { title: `${meta.item} created successfully` },
    failure: (m) => ({ title: `Failed to create ${meta.item.toLowerCase()}`, description: m ?? undefined }),
    onSuccess: () => {
      setName("");
      setLabel("");
      setColor("gray");
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    create.mutate({
      name: name.trim(),
      isActive: true,
      position: count + 1,
      ...(meta.hasLabel && { label: label.trim() || name.trim() }),
      ...(meta.hasColor && { color }),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row" aria-label={`Add ${meta.item}`}>
      <Input aria-label="Name" placeholder="Name" value={name} onChange={(e) => setName(e.target.value)} />
      {meta.hasLabel && (
        <Input
          aria-label="Label"
          placeholder="Label"
          value={label}
          onChange={(e) => setLabel(e.target.value)}
        />
      )}
      {meta.hasColor && <ColorSelect id={`new-${kind}-color`} value={color} onChange={setColor} />}
      <Button type="submit" disabled={!name.trim() || create.isPending} className="shrink-0">
        <Plus className="h-4 w-4" aria-hidden />
        Add New
      </Button>
    </form>
  );
}

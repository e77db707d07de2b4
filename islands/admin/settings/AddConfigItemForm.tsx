import { useState, type FormEvent } from "react";
import { Plus } from "../../../src/ui/icons";
import type { ConfigKindName } from "../../../src/shared/constants";
import { useI18n } from "../../../src/i18n/react";
import { Button } from "../../../src/ui/Button";
import { Input } from "../../../src/ui/Input";
import { LIST_META } from "./config-list-meta";
import { ColorSelect } from "./ColorSelect";
import { useSettingsMutation } from "./use-settings-mutation";
import { createConfigItem } from "../../lib/queries/config-lists";

/** Add disabled while the name is empty; label and colour only where the kind has them. */
export function AddConfigItemForm({ kind, count }: { kind: ConfigKindName; count: number }) {
  const meta = LIST_META[kind];
  const { t } = useI18n();
  const [name, setName] = useState("");
  const [label, setLabel] = useState("");
  const [color, setColor] = useState("gray");
  const create = useSettingsMutation(createConfigItem(kind), {
    success: { title: t(`settings.list.${kind}.created`) },
    failure: (m) => ({ title: t(`settings.list.${kind}.createFailed`), description: m ?? undefined }),
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
    <form
      onSubmit={submit}
      className="flex flex-col gap-2 sm:flex-row"
      aria-label={t(`settings.list.${kind}.add`)}
    >
      <Input
        aria-label={t("settings.list.name")}
        placeholder={t("settings.list.name")}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      {meta.hasLabel && (
        <Input
          aria-label={t("settings.list.label")}
          placeholder={t("settings.list.label")}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
        />
      )}
      {meta.hasColor && <ColorSelect id={`new-${kind}-color`} value={color} onChange={setColor} />}
      <Button type="submit" disabled={!name.trim() || create.isPending} className="shrink-0">
        <Plus className="h-4 w-4" aria-hidden />
        {t("settings.list.addNew")}
      </Button>
    </form>
  );
}

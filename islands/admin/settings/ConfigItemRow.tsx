import { useState } from "react";
import { GripVertical, Pencil, Trash2 } from "../../../src/ui/icons";
import { Switch } from "radix-ui";
import type { ConfigItemDto } from "../../../src/shared/dto";
import type { ConfigKindName } from "../../../src/shared/constants";
import { Badge } from "../../../src/ui/Badge";
import { useI18n } from "../../../src/i18n/react";
import { Button } from "../../../src/ui/Button";
import { ConfirmDialog } from "../../../src/ui/Dialog";
import { Input } from "../../../src/ui/Input";
import { LIST_META } from "./config-list-meta";
import { ColorSelect } from "./ColorSelect";
import { useSettingsMutation } from "./use-settings-mutation";
import { deleteConfigItem, updateConfigItem } from "../../lib/queries/config-lists";

/** One item: inline edit, active toggle, delete after a confirmation (system items cannot be deleted). */
export function ConfigItemRow({ kind, item }: { kind: ConfigKindName; item: ConfigItemDto }) {
  const meta = LIST_META[kind];
  const { t } = useI18n();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState({ name: item.name, label: item.label ?? "", color: item.color });
  const [confirming, setConfirming] = useState(false);
  const update = useSettingsMutation(updateConfigItem(kind, item.id), {
    success: { title: t(`settings.list.${kind}.updated`) },
    failure: (m) => ({ title: t(`settings.list.${kind}.updateFailed`), description: m ?? undefined }),
    onSuccess: () => setEditing(false),
  });
  const remove = useSettingsMutation(deleteConfigItem(kind, item.id), {
    success: { title: t(`settings.list.${kind}.deleted`) },
    failure: (m) => ({ title: t(`settings.list.${kind}.deleteFailed`), description: m ?? undefined }),
    onSuccess: () => setConfirming(false),
  });
  const save = () => {
    update.mutate({
      name: draft.name.trim(),
      ...(meta.hasLabel && { label: draft.label.trim() || draft.name.trim() }),
      ...(meta.hasColor && { color: draft.color }),
    });
  };

  return (
    <li className="flex items-center gap-2 bg-white p-2" data-testid="config-item" data-name={item.name}>
      <button
        type="button"
        data-drag-handle
        className="cursor-grab touch-none p-1 text-gray-400"
        aria-label={t("settings.list.drag", { name: item.name })}
        tabIndex={-1}
      >
        <GripVertical className="h-4 w-4" aria-hidden />
      </button>
      {editing ? (
        <form
          className="flex flex-1 flex-col gap-2 sm:flex-row"
          onSubmit={(e) => {
            e.preventDefault();
            if (draft.name.trim()) save();
          }}
        >
          <Input
            aria-label={t("settings.list.name")}
            value={draft.name}
            disabled={item.isSystem}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          />
          {meta.hasLabel && (
            <Input
              aria-label={t("settings.list.label")}
              value={draft.label}
              onChange={(e) => setDraft({ ...draft, label: e.target.value })}
            />
          )}
          {meta.hasColor && (
            <ColorSelect
              id={`edit-${kind}-${item.id}-color`}
              value={draft.color}
              onChange={(c) => setDraft({ ...draft, color: c })}
            />
          )}
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={!draft.name.trim() || update.isPending}>
              {t("settings.list.save")}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setEditing(false)}>
              {t("settings.list.cancel")}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-1.5">
          {meta.hasColor ? (
            <Badge color={item.color}>{item.label ?? item.name}</Badge>
          ) : (
            <span className="truncate font-medium">{item.name}</span>
          )}
          {meta.hasLabel && (
            <span className="hidden truncate text-xs text-gray-500 sm:inline">{item.name}</span>
          )}
          {item.isSystem && <Badge color="gray">{t("settings.list.system")}</Badge>}
          {!item.isActive && <Badge color="gray">{t("settings.list.inactive")}</Badge>}
        </div>
      )}
      {!editing && (
        <div className="ml-auto flex items-center gap-1">
          <Switch.Root
            checked={item.isActive}
            aria-label={t("settings.list.active", { name: item.name })}
            onCheckedChange={(c) => update.mutate({ isActive: c })}
            className="relative h-6 w-11 rounded-full bg-gray-300 data-[state=checked]:bg-green-600"
          >
            <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
          </Switch.Root>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("settings.list.edit", { name: item.name })}
            onClick={() => {
              setDraft({ name: item.name, label: item.label ?? "", color: item.color });
              setEditing(true);
            }}
          >
            <Pencil className="h-4 w-4" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("settings.list.delete", { name: item.name })}
            disabled={item.isSystem}
            title={item.isSystem ? t("settings.list.systemLocked") : undefined}
            onClick={() => setConfirming(true)}
          >
            <Trash2 className="h-4 w-4 text-red-600" />
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("settings.list.confirmTitle")}
        description={t("settings.list.confirm", { name: item.name })}
        confirmLabel={t("settings.users.delete")}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(undefined)}
      />
    </li>
  );
}

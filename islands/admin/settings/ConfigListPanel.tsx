import { useEffect, useEffectEvent, useRef, useState } from "react";
import Sortable from "sortablejs";
import type { ConfigKindName } from "../../../src/shared/constants";
import { useI18n } from "../../../src/i18n/react";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { Spinner } from "../../../src/ui/Spinner";
import { reorder } from "./config-list-meta";
import { AddConfigItemForm } from "./AddConfigItemForm";
import { ConfigItemRow } from "./ConfigItemRow";
import { useSettingsMutation } from "./use-settings-mutation";
import { type ConfigItem, reorderConfigItems, useConfigList } from "../../lib/queries/config-lists";

/** The editable list for the five kinds: add, inline edit, delete, active toggle, drag reorder. */
export function ConfigListPanel({ kind }: { kind: ConfigKindName }) {
  const { t } = useI18n();
  const list = useConfigList(kind);
  // A dragged order shows until the server's list changes (the refetch after saving) or the save fails.
  const [order, setOrder] = useState<{ from: ConfigItem[] | undefined; items: ConfigItem[] } | null>(null);
  const items = order && order.from === list.data ? order.items : (list.data ?? []);
  const save = useSettingsMutation(reorderConfigItems(kind), {
    success: { title: t(`settings.list.${kind}.reordered`) },
    failure: (m) => ({ title: t(`settings.list.${kind}.reorderFailed`), description: m ?? undefined }),
  });
  const onDrop = useEffectEvent((from: number, to: number) => {
    const next = reorder(items, from, to);
    setOrder({ from: list.data, items: next.items });
    save.mutate(next.positions, { onError: () => setOrder(null) });
  });

  const ul = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!ul.current) return;
    const sortable = Sortable.create(ul.current, {
      handle: "[data-drag-handle]",
      animation: 150,
      onEnd: (e) => {
        if (e.oldIndex == null || e.newIndex == null || e.oldIndex === e.newIndex) return;
        // React owns the DOM: undo Sortable's move, then render the new order from state.
        e.from.removeChild(e.item);
        e.from.insertBefore(e.item, e.from.children[e.oldIndex] ?? null);
        onDrop(e.oldIndex, e.newIndex);
      },
    });
    return () => sortable.destroy();
  }, []);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t(`settings.list.${kind}.title`)}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <AddConfigItemForm kind={kind} count={items.length} />
        {list.isPending && <Spinner />}
        {list.isError && <p className="text-sm text-red-600">{t(`settings.list.${kind}.fetchFailed`)}</p>}
        {list.isSuccess && items.length === 0 && (
          <p className="text-sm text-gray-600">{t("settings.list.noItems")}</p>
        )}
        <ul
          ref={ul}
          className="divide-y divide-gray-100 rounded-md border border-gray-200"
          aria-label={t(`settings.list.${kind}.title`)}
        >
          {items.map((it) => (
            <ConfigItemRow key={it.id} kind={kind} item={it} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

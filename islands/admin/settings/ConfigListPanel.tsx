import { useEffect, useRef, useState } from "react";
import Sortable from "sortablejs";
import type { ConfigItemDto } from "../../../src/shared/dto";
import type { ConfigKindName } from "../../../src/shared/constants";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { Spinner } from "../../../src/ui/Spinner";
import { LIST_META, reorder } from "./config-list-meta";
import { AddConfigItemForm } from "./AddConfigItemForm";
import { ConfigItemRow } from "./ConfigItemRow";
import { useSettingsMutation } from "./use-settings-mutation";
import { reorderConfigItems, useConfigList } from "../../lib/data/config-lists";

/** Spec §2 generic editable list for the five kinds: add, inline edit, delete, active toggle, drag reorder. */
export function ConfigListPanel({ kind }: { kind: ConfigKindName }) {
  const meta = LIST_META[kind];
  const list = useConfigList(kind);
  const [order, setOrder] = useState<ConfigItemDto[] | null>(null);
  const items = order ?? list.data ?? [];
  const save = useSettingsMutation(reorderConfigItems(kind), {
    success: { title: `${meta.title} reordered successfully` },
    failure: (m) => ({ title: `Failed to reorder ${meta.title.toLowerCase()}`, description: m ?? undefined }),
  });
  useEffect(() => setOrder(null), [list.data]);
  useEffect(() => {
    if (save.isError) setOrder(null); // back to the server's order
  }, [save.isError]);

  const ul = useRef<HTMLUListElement>(null);
  const itemsRef = useRef(items);
  itemsRef.current = items;
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
        const next = reorder(itemsRef.current, e.oldIndex, e.newIndex);
        setOrder(next.items);
        save.mutate(next.positions);
      },
    });
    return () => sortable.destroy();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.isSuccess]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{meta.title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <AddConfigItemForm kind={kind} count={items.length} />
        {list.isPending && <Spinner />}
        {list.isError && <p className="text-sm text-red-600">Failed to fetch {meta.title.toLowerCase()}</p>}
        {list.isSuccess && items.length === 0 && <p className="text-sm text-gray-600">No items yet</p>}
        <ul
          ref={ul}
          className="divide-y divide-gray-100 rounded-md border border-gray-200"
          aria-label={meta.title}
        >
          {items.map((it) => (
            <ConfigItemRow key={it.id} kind={kind} item={it} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

import { Badge } from "../../src/ui/Badge";
import { colorOf, useTags } from "../lib/queries/tags";
import { useI18n } from "../../src/i18n/react";

/** A ticket's tags as coloured pills (cards, rows, the dialog); `onRemove` adds a remove button to each. */
export function TagChips({ tags, onRemove }: { tags: string[]; onRemove?: (name: string) => void }) {
  const all = useTags().data;
  const { t } = useI18n();
  if (!tags.length) return null;
  return (
    <span className="inline-flex flex-wrap gap-1" data-testid="tags">
      {tags.map((name) => (
        <Badge key={name} color={colorOf(all, name)}>
          {name}
          {onRemove && (
            <button
              type="button"
              className="ml-1"
              aria-label={t("tags.remove", { name })}
              onClick={() => onRemove(name)}
            >
              ×
            </button>
          )}
        </Badge>
      ))}
    </span>
  );
}

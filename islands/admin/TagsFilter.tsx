import { useId, useState } from "react";
import { Input, Label, NativeSelect } from "../../src/ui/Input";
import { useTags } from "../lib/queries/tags";
import { useI18n } from "../../src/i18n/react";

/** Tags to filter by, separated by commas (suggested as typed), and whether any or all must match. */
export function TagsFilter({
  tags,
  mode,
  onChange,
}: {
  tags: string;
  mode: string;
  onChange: (tags: string, mode: string) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(tags);
  const [seen, setSeen] = useState(tags);
  if (seen !== tags) {
    // a view or a link set the filter: show it
    setSeen(tags);
    setDraft(tags);
  }
  const all = useTags().data ?? [];
  const { t } = useI18n();
  const done = draft.split(",").slice(0, -1).join(",");
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{t("filters.tags")}</Label>
      <div className="flex gap-1">
        <Input
          id={id}
          list={`${id}-list`}
          value={draft}
          placeholder={t("filters.tagsPlaceholder")}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => onChange(draft, mode)}
          onKeyDown={(e) => e.key === "Enter" && onChange(draft, mode)}
        />
        <NativeSelect
          aria-label={t("filters.matchTags")}
          value={mode}
          className="w-20"
          onChange={(e) => onChange(draft, e.target.value)}
        >
          <option value="any">{t("filters.tagsAny")}</option>
          <option value="all">{t("filters.tagsAll")}</option>
        </NativeSelect>
      </div>
      <datalist id={`${id}-list`}>
        {all.map((x) => (
          <option key={x.id} value={done ? `${done}, ${x.name}` : x.name} />
        ))}
      </datalist>
    </div>
  );
}

import { useId, useState } from "react";
import type { TicketDto } from "../../src/shared/dto";
import { Input, Label } from "../../src/ui/Input";
import { tagName } from "../../src/shared/schemas/tags";
import { useToast } from "../lib/toast";
import { useApiMutation } from "../lib/queries/mutation";
import { setTicketTags, useTags } from "../lib/queries/tags";
import { TagChips } from "./TagChips";
import { useI18n } from "../../src/i18n/react";

/** The ticket's tags: remove one, or type a name (existing ones are suggested) and press Enter. */
export function TagEditor({ t }: { t: TicketDto }) {
  const id = useId();
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const { t: tr, message } = useI18n();
  const all = useTags().data ?? [];
  const save = useApiMutation(setTicketTags(t.id), {
    onError: (err) =>
      toast({
        title: tr("tags.failed"),
        description: message(String((err as Error).message)),
        variant: "destructive",
      }),
  });
  const put = (tags: string[]) => save.mutate({ tags, version: t.version });
  const add = () => {
    const parsed = tagName.safeParse(draft);
    if (!parsed.success) return setError(message(parsed.error.issues[0]!.message));
    setError(null);
    // cleared as it is sent, so a name typed while the save is on its way is not wiped by its answer
    setDraft("");
    put([...t.tags, parsed.data]);
  };
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{tr("filters.tags")}</Label>
      <div className="flex flex-wrap items-center gap-2">
        <TagChips tags={t.tags} onRemove={(name) => put(t.tags.filter((x) => x !== name))} />
        <Input
          id={id}
          list={`${id}-list`}
          value={draft}
          placeholder={tr("tags.add")}
          className="w-40"
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== "Enter") return;
            e.preventDefault();
            add();
          }}
        />
        <datalist id={`${id}-list`}>
          {all.map((x) => (
            <option key={x.id} value={x.name} />
          ))}
        </datalist>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

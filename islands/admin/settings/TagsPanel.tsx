import { useId, useState } from "react";
import { useI18n } from "../../../src/i18n/react";
import { Card } from "../../../src/ui/Card";
import { Button } from "../../../src/ui/Button";
import { Input } from "../../../src/ui/Input";
import { Badge } from "../../../src/ui/Badge";
import { Spinner } from "../../../src/ui/Spinner";
import { useToast } from "../../lib/toast";
import { useApiMutation } from "../../lib/queries/mutation";
import { deleteTag, type Tag, updateTag, useTags } from "../../lib/queries/tags";
import { ColorSelect } from "./ColorSelect";

function TagRow({ tag }: { tag: Tag }) {
  const id = useId();
  const { t } = useI18n();
  const [name, setName] = useState(tag.name);
  const toast = useToast();
  const failed = (err: unknown) =>
    toast({
      title: t("settings.tags.updateFailed"),
      description: String((err as Error).message),
      variant: "destructive",
    });
  const update = useApiMutation(updateTag, {
    onSuccess: (r) =>
      toast({
        title: r.id === tag.id ? t("settings.tags.updated") : t("settings.tags.merged", { name: r.name }),
      }),
    onError: failed,
  });
  const remove = useApiMutation(deleteTag, {
    onSuccess: () => toast({ title: t("settings.tags.deleted") }),
    onError: failed,
  });
  return (
    <li className="flex flex-wrap items-center gap-2 py-2" data-testid="tag-row">
      <Badge color={tag.color}>{tag.name}</Badge>
      <span className="text-xs text-gray-600">{t("settings.tags.tickets", { count: tag.tickets })}</span>
      <Input
        aria-label={t("settings.tags.nameOf", { name: tag.name })}
        value={name}
        className="w-40"
        onChange={(e) => setName(e.target.value)}
      />
      <Button
        variant="outline"
        disabled={!name.trim() || name.trim() === tag.name}
        onClick={() => update.mutate({ id: tag.id, name })}
      >
        {t("settings.tags.rename")}
      </Button>
      <ColorSelect id={id} value={tag.color} onChange={(color) => update.mutate({ id: tag.id, color })} />
      <Button variant="destructive" onClick={() => remove.mutate(tag.id)}>
        {t("settings.tags.delete")}
      </Button>
    </li>
  );
}

/** Tags: rename (a name another tag has merges the two), colour, delete. */
export function TagsPanel() {
  const { t } = useI18n();
  const tags = useTags();
  return (
    <Card className="p-4">
      <h2 className="font-semibold text-gray-900">{t("settings.tags.title")}</h2>
      <p className="text-sm text-gray-600">{t("settings.tags.help")}</p>
      {tags.isLoading && <Spinner />}
      {tags.data?.length === 0 && <p className="text-sm text-gray-600">{t("settings.tags.none")}</p>}
      <ul className="divide-y divide-gray-100">
        {tags.data?.map((tag) => (
          <TagRow key={`${tag.id}:${tag.name}`} tag={tag} />
        ))}
      </ul>
    </Card>
  );
}

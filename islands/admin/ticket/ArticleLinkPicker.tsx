import { useState } from "react";
import { useLinkableArticles } from "../../lib/queries/article-links";
import { SearchPicker } from "./SearchPicker";
import { useI18n } from "../../../src/i18n/react";

/** Help articles to link in a reply: the chosen one goes to `onInsert` as its title and the address the requester opens. */
export function ArticleLinkPicker({
  onInsert,
  onClose,
}: {
  onInsert: (text: string) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const [q, setQ] = useState("");
  const searched = q.trim().length >= 2;
  const found = useLinkableArticles(q);
  const items = searched ? (found.data?.articles ?? []) : [];
  return (
    <SearchPicker
      label={t("ticket.searchArticles")}
      listLabel={t("ticket.articles")}
      testId="article-picker"
      items={items}
      pending={found.isFetching}
      empty={searched && found.data?.articles.length === 0 ? t("ticket.noArticles") : null}
      onQuery={setQ}
      onPick={(a) => onInsert(`${a.title}: ${a.url}`)}
      onClose={onClose}
      render={(a) => a.title}
    />
  );
}

import { useState, type ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { Button } from "../../../src/ui/Button";
import { Badge } from "../../../src/ui/Badge";
import { useArticle, useArticles } from "../../lib/queries/knowledge";
import { ArticleEditor } from "./ArticleEditor";
import { useI18n } from "../../../src/i18n/react";

/** Settings → Knowledge base: the articles, and one open in the editor. */
export default function KnowledgePanel() {
  const articles = useArticles();
  const [open, setOpen] = useState<number | "new" | null>(null);
  const detail = useArticle(typeof open === "number" ? open : null);
  const { t } = useI18n();
  if (open === "new")
    return (
      <Panel>
        <ArticleEditor article={null} onDone={() => setOpen(null)} />
      </Panel>
    );
  if (typeof open === "number")
    return (
      <Panel>
        {detail.data ? (
          <ArticleEditor key={detail.data.id} article={detail.data} onDone={() => setOpen(null)} />
        ) : (
          <p>{t("kb.loading")}</p>
        )}
      </Panel>
    );
  return (
    <Panel action={<Button onClick={() => setOpen("new")}>{t("kb.new")}</Button>}>
      {articles.data?.articles.length === 0 && <p className="text-sm text-gray-700">{t("kb.empty")}</p>}
      <ul className="divide-y divide-gray-200">
        {articles.data?.articles.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <button
              type="button"
              className="text-left font-medium text-blue-800 underline"
              onClick={() => setOpen(a.id)}
            >
              {a.title}
            </button>
            <span className="flex flex-wrap items-center gap-2 text-xs text-gray-700">
              {a.category && <span>{a.category}</span>}
              <Badge color={a.status === "published" ? "green" : "gray"}>
                {t(a.status === "published" ? "kb.published" : "kb.draft")}
              </Badge>
              {a.visibility === "staff" && <Badge color="yellow">{t("kb.staffOnly")}</Badge>}
              <span>{t("kb.views", { count: a.views })}</span>
            </span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function Panel({ children, action }: { children: ReactNode; action?: ReactNode }) {
  const { t } = useI18n();
  return (
    <Card data-testid="knowledge-settings">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle level={2}>{t("kb.heading")}</CardTitle>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

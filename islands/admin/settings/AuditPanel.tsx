import { useState } from "react";
import { useAuditLogs } from "../../lib/queries/dashboard";
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, AUDIT_PAGE_SIZE } from "../../../src/shared/constants";
import { Button } from "../../../src/ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { Input, NativeSelect } from "../../../src/ui/Input";
import { useI18n } from "../../../src/i18n/react";
import { pagerRange } from "./audit-format";
import { auditWords } from "./audit-words";
import { AuditRow } from "./AuditRow";

const COLUMNS = ["timestamp", "user", "action", "entity", "entityId", "changes", "ip"] as const;

/** Audit logs: searchable, filterable, pages of 50, 600 px high. Changing a filter keeps the page. */
export function AuditPanel() {
  const i18n = useI18n();
  const { t } = i18n;
  const words = auditWords(i18n);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const [entityType, setEntityType] = useState("all");
  const [action, setAction] = useState("all");
  const params = { page, limit: AUDIT_PAGE_SIZE, entityType, action, search: search.trim() };
  const q = useAuditLogs(params);
  const total = q.data?.total ?? 0;
  const pager = pagerRange(page, AUDIT_PAGE_SIZE, total);

  return (
    <Card>
      <CardHeader className="gap-3">
        <CardTitle>{t("access.audit.title")}</CardTitle>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            type="search"
            aria-label={t("access.audit.search")}
            placeholder={t("access.audit.searchPlaceholder")}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <NativeSelect
            aria-label={t("access.audit.entityType")}
            value={entityType}
            onChange={(e) => setEntityType(e.target.value)}
            className="sm:w-44"
          >
            <option value="all">{t("access.audit.allEntities")}</option>
            {AUDIT_ENTITY_TYPES.map((e) => (
              <option key={e} value={e}>
                {words.entity(e)}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect
            aria-label={t("access.audit.action")}
            value={action}
            onChange={(e) => setAction(e.target.value)}
            className="sm:w-44"
          >
            <option value="all">{t("access.audit.allActions")}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {words.action(a)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </CardHeader>
      <CardContent>
        <section
          aria-label={t("access.audit.title")}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard
          tabIndex={0}
          className="h-[600px] overflow-auto rounded-md border border-gray-200"
        >
          {q.isPending ? (
            <p className="p-6 text-center text-gray-600">{t("access.audit.loading")}</p>
          ) : q.isError ? (
            <p className="p-6 text-center text-red-600">{t("access.audit.failed")}</p>
          ) : q.data.logs.length === 0 ? (
            <p className="p-6 text-center text-gray-600">{t("access.audit.none")}</p>
          ) : (
            <table className="w-full min-w-[900px] text-left text-sm">
              <thead className="sticky top-0 bg-gray-50 text-xs uppercase text-gray-600">
                <tr>
                  {COLUMNS.map((h) => (
                    <th key={h} className="px-3 py-2 font-semibold">
                      {t(`access.audit.col.${h}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {q.data.logs.map((log) => (
                  <AuditRow key={log.id} log={log} words={words} />
                ))}
              </tbody>
            </table>
          )}
        </section>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-gray-600">
          <span>{words.showing(pager)}</span>
          <div className="flex items-center gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t("access.audit.previous")}
            </Button>
            {pager.pages > 1 && <span>{words.page(page, pager.pages)}</span>}
            <Button
              variant="outline"
              size="sm"
              disabled={page >= pager.pages}
              onClick={() => setPage(page + 1)}
            >
              {t("access.audit.next")}
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

import { useState } from "react";
import { useAuditLogs } from "../../lib/queries/dashboard";
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, AUDIT_PAGE_SIZE } from "../../../src/shared/constants";
import { Button } from "../../../src/ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { Input, NativeSelect } from "../../../src/ui/Input";
import { pagerText } from "./audit-format";
import { AuditRow } from "./AuditRow";

const label = (s: string) => s.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

/** Audit logs: searchable, filterable, pages of 50, 600 px high. Changing a filter keeps the page. */
export function AuditPanel() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const [entityType, setEntityType] = useState("all");
  const [action, setAction] = useState("all");
  const params = { page, limit: AUDIT_PAGE_SIZE, entityType, action, search: search.trim() };
  const q = useAuditLogs(params);
  const total = q.data?.total ?? 0;
  const pager = pagerText(page, AUDIT_PAGE_SIZE, total);

  return (
    <Card>
      <CardHeader className="gap-3">
        <CardTitle>Audit Logs</CardTitle>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            type="search"
            aria-label="Search audit logs"
            placeholder="Search..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <NativeSelect
            aria-label="Entity type"
            value={entityType}
            onChange={(e) => setEntityType(e.target.value)}
            className="sm:w-44"
          >
            <option value="all">All Entities</option>
            {AUDIT_ENTITY_TYPES.map((t) => (
              <option key={t} value={t}>
                {label(t)}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect
            aria-label="Action"
            value={action}
            onChange={(e) => setAction(e.target.value)}
            className="sm:w-44"
          >
            <option value="all">All Actions</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {label(a)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </CardHeader>
      <CardContent>
        <div className="h-[600px] overflow-auto rounded-md border border-gray-200">
          {q.isPending ? (
            <p className="p-6 text-center text-gray-600">Loading audit logs...</p>
          ) : q.isError ? (
            <p className="p-6 text-center text-red-600">Failed to fetch audit logs</p>
          ) : q.data.logs.length === 0 ? (
            <p className="p-6 text-center text-gray-600">No audit logs found</p>
          ) : (
            <table className="w-full min-w-[900px] text-left text-sm">
              <thead className="sticky top-0 bg-gray-50 text-xs uppercase text-gray-600">
                <tr>
                  {["Timestamp", "User", "Action", "Entity", "Entity ID", "Changes", "IP Address"].map(
                    (h) => (
                      <th key={h} className="px-3 py-2 font-semibold">
                        {h}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {q.data.logs.map((log) => (
                  <AuditRow key={log.id} log={log} />
                ))}
              </tbody>
            </table>
          )}
        </div>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-gray-600">
          <span>{pager.showing}</span>
          <div className="flex items-center gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            {pager.pages > 1 && (
              <span>
                Page {page} of {pager.pages}
              </span>
            )}
            <Button
              variant="outline"
              size="sm"
              disabled={page >= pager.pages}
              onClick={() => setPage(page + 1)}
            >
              Next
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

import type { AuditLogDto } from "../../../src/shared/dto";
import { Badge } from "../../../src/ui/Badge";
import { useI18n } from "../../../src/i18n/react";
import { auditChanges } from "./audit-format";
import type { AuditWords } from "./audit-words";

/** Badge colours per entity type. */
const ENTITY_COLOR: Record<string, string> = {
  ticket: "blue",
  user: "purple",
  auth: "green",
  status: "yellow",
  department: "indigo",
  type: "pink",
  priority: "orange",
};

function ChangesCell({ log, words }: { log: AuditLogDto; words: AuditWords }) {
  const { t } = useI18n();
  const c = auditChanges(log.oldValue, log.newValue);
  if (c.kind === "created")
    return <span className="font-medium text-green-700">{t("access.audit.created")}</span>;
  if (c.kind === "deleted")
    return <span className="font-medium text-red-700">{t("access.audit.deleted")}</span>;
  if (c.kind === "none") return <span className="text-gray-500">{t("access.audit.noChanges")}</span>;
  if (c.kind === "absent") return <span className="text-gray-400">-</span>;
  return (
    <ul className="space-y-0.5">
      {c.lines.map((l) => (
        <li key={l.field} className="max-w-xs break-words font-mono text-xs">
          {`${words.field(l.field)}: ${l.from} → ${l.to}`}
        </li>
      ))}
    </ul>
  );
}

export function AuditRow({ log, words }: { log: AuditLogDto; words: AuditWords }) {
  return (
    <tr className="align-top" data-testid="audit-row">
      <td className="whitespace-nowrap px-3 py-2">{words.time(log.createdAt)}</td>
      <td className="px-3 py-2">{words.user(log)}</td>
      <td className="px-3 py-2">
        <Badge color="gray">{words.actionBadge(log.action)}</Badge>
      </td>
      <td className="px-3 py-2">
        <Badge color={ENTITY_COLOR[log.entityType] ?? "gray"}>{words.entityBadge(log.entityType)}</Badge>
      </td>
      <td className="px-3 py-2 font-mono text-xs">{log.entityId ?? "-"}</td>
      <td className="px-3 py-2">
        <ChangesCell log={log} words={words} />
      </td>
      <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{log.ipAddress ?? "-"}</td>
    </tr>
  );
}

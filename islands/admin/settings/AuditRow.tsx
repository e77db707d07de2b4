import type { AuditLogDto } from "../../../src/shared/dto";
import { Badge } from "../../../src/ui/Badge";
import { auditChanges, auditTime, auditUser } from "./audit-format";

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

function ChangesCell({ log }: { log: AuditLogDto }) {
  const c = auditChanges(log.oldValue, log.newValue);
  if (c.kind === "created") return <span className="font-medium text-green-700">Created</span>;
  if (c.kind === "deleted") return <span className="font-medium text-red-700">Deleted</span>;
  if (c.kind === "none") return <span className="text-gray-500">No changes</span>;
  if (c.kind === "absent") return <span className="text-gray-400">-</span>;
  return (
    <ul className="space-y-0.5">
      {c.lines.map((l) => (
        <li key={l} className="max-w-xs break-words font-mono text-xs">
          {l}
        </li>
      ))}
    </ul>
  );
}

export function AuditRow({ log }: { log: AuditLogDto }) {
  return (
    <tr className="align-top" data-testid="audit-row">
      <td className="whitespace-nowrap px-3 py-2">{auditTime(log.createdAt)}</td>
      <td className="px-3 py-2">{auditUser(log)}</td>
      <td className="px-3 py-2">
        <Badge color="gray">{log.action}</Badge>
      </td>
      <td className="px-3 py-2">
        <Badge color={ENTITY_COLOR[log.entityType] ?? "gray"}>{log.entityType}</Badge>
      </td>
      <td className="px-3 py-2 font-mono text-xs">{log.entityId ?? "-"}</td>
      <td className="px-3 py-2">
        <ChangesCell log={log} />
      </td>
      <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{log.ipAddress ?? "-"}</td>
    </tr>
  );
}

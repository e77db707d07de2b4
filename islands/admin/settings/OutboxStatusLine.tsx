import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";
import type { OutboxStatusDto } from "../../../src/shared/dto";

/** Outbox state for admins (issue 5): queued, sent, failed and the last delivery error. */
export function OutboxStatusLine() {
  const q = useQuery({
    queryKey: queryKeys.outbox,
    queryFn: () => api.get<OutboxStatusDto>("/api/admin/config/email-routing/outbox"),
  });
  if (!q.data) return null;
  const s = q.data;
  return (
    <div className="text-sm text-gray-600" data-testid="outbox-status">
      <p>
        Outbox: {s.pending} queued, {s.sent} sent, {s.failed} failed
        {!s.smtpConfigured && " — SMTP_URL is not set, so messages stay queued"}
      </p>
      {s.lastError && <p className="text-red-700">Last error: {s.lastError}</p>}
    </div>
  );
}

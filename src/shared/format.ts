// Formats shared by the form, the tracker and the server.

/** Phone format ###-###-####. */
export const PHONE_PATTERN = /^\d{3}-\d{3}-\d{4}$/;

/** Search accepts `WI-YYYY-` followed by three or more digits. */
/** Any office prefix (`WI-2026-007`, `HD-2026-043`): ids made under an earlier prefix keep working. */
export const TICKET_ID_PATTERN = /^[A-Z]{1,5}-\d{4}-\d{3,}$/;

/** The simple address pattern used by the tracker and the note form. */
export const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** One mailbox of a routing rule: nothing that could end an address or start another header. */
export const MAILBOX_PATTERN = /^[^\s@,;<>"]+@[^\s@,;<>"]+$/;

/** A rule's comma-separated address list, trimmed, without empty entries or repeats. */
export const splitAddresses = (list: string) => [
  ...new Set(
    list
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean),
  ),
];

/** Digits typed so far → `XXX-XXX-XXXX` (at most 10 digits), as the phone input formats while typing. */
export function formatPhone(raw: string): string {
  const d = raw.replace(/\D/g, "").slice(0, 10);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
}

/** The per-year counter zero-padded to at least three digits (`WI-2026-007`, `WI-2026-1000`). */
export const formatTicketId = (year: number, n: number, prefix = "WI") =>
  `${prefix}-${year}-${String(n).padStart(3, "0")}`;

/** Lower-case file extension with its dot (`Report.PDF` → `.pdf`), or "" when there is none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 && dot < name.length - 1 ? name.slice(dot).toLowerCase() : "";
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

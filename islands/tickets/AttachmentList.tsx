import type { ReactNode } from "react";
import { Badge } from "../../src/ui/Badge";
import { Download } from "../../src/ui/icons";
import { formatFileSize } from "../../src/shared/format";
import { type Attachment, downloadHref, type Side } from "../lib/queries/ticket-files";
import { useI18n } from "../../src/i18n/react";

type Props = {
  files: readonly Attachment[] | undefined;
  side: Side;
  empty: string;
  /** While the first load runs: this text, or nothing when absent. */
  pending: boolean;
  loading?: string;
  /** Adds the time a file was added to its size line. */
  when?: (iso: string) => string;
  /** More controls after each file's download link (the staff dialog's delete button). */
  actions?: (file: Attachment) => ReactNode;
};

/** The files of one ticket with their download links, as both the portal and the staff dialog show them. */
export function AttachmentList({ files, side, empty, pending, loading, when, actions }: Props) {
  const { t } = useI18n();
  if (pending) return loading ? <p className="text-sm text-gray-600">{loading}</p> : null;
  if (!files?.length) return <p className="text-sm text-gray-600">{empty}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {files.map((a) => (
        <li key={a.id} className="flex items-center gap-2 rounded-md border border-gray-200 p-2 text-sm">
          <span className="min-w-0 flex-1">
            <span className="flex items-center gap-2">
              <span className="truncate font-medium">{a.originalName}</span>
              {a.isInternal && <Badge color="purple">Internal</Badge>}
            </span>
            <span className="block text-xs text-gray-600">
              {formatFileSize(a.fileSize)}
              {when && ` · ${when(a.createdAt)}`}
            </span>
          </span>
          {/* A download answers with Content-Disposition: attachment, so the new tab closes at once. */}
          <a
            href={downloadHref(side, a.id)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${t("ticket.download")} ${a.originalName}`}
            className="inline-flex h-9 items-center gap-1 rounded-md border border-gray-300 px-3 text-sm font-medium hover:bg-gray-50"
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            <span className="hidden sm:inline">{t("ticket.download")}</span>
          </a>
          {actions?.(a)}
        </li>
      ))}
    </ul>
  );
}

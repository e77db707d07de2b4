import type { TicketRow } from "../../db/schema";
import type { WriteCtx } from "../deps";
import { badRequest } from "../errors/domain-error";
import { SIMPLE_EMAIL_PATTERN } from "../shared/format";
import { addAttachments } from "./attachments.service";
import { discardOnError, type StagedFile } from "./upload-stream";

/** Optional uploader name and e-mail sent with a public file (fields file, userEmail, userName). */
function uploaderOf(body: Record<string, unknown>) {
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const userName = text(body.userName).slice(0, 100) || null;
  const userEmail = text(body.userEmail).toLowerCase() || null;
  if (userEmail && (userEmail.length > 254 || !SIMPLE_EMAIL_PATTERN.test(userEmail)))
    throw badRequest("Invalid Email", { userEmail: "Invalid Email" });
  return { userName, userEmail };
}

/**
 * A portal visitor's files on a ticket: never internal, signed with the name and e-mail sent beside
 * them; the staged files are removed when the write fails.
 */
export function addVisitorFiles(
  args: WriteCtx & {
    ticket: Pick<TicketRow, "id" | "ticketId">;
    files: StagedFile[];
    fields: Record<string, string>;
  },
) {
  const { files, fields, ...rest } = args;
  return discardOnError(files, () =>
    addAttachments({ ...rest, files, isInternal: false, author: uploaderOf(fields) }),
  );
}

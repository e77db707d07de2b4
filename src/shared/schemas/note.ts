import { minutesSpentSchema } from "./notifications";
import { z } from "zod";
import { SIMPLE_EMAIL_PATTERN } from "../format";
import { oneLine } from "./one-line";
import { statusUpdateSchema } from "./admin-ticket";
import { MAX_FILES_PER_SUBMISSION } from "../constants";

const noteText = z
  .string({ error: "Note cannot be empty" })
  .trim()
  .min(1, "Note cannot be empty")
  .max(5000, "Note is too long");
const contact = (max: number, field: string) =>
  z
    .string({ error: "Contact Information Required" })
    .trim()
    .min(1, "Contact Information Required")
    .max(max, "Contact Information Required")
    .check(oneLine(field));

/** A note, server side: note required ('Note cannot be empty'), name and e-mail for the public. */
export const createPublicNoteSchema = z.object({
  note: noteText,
  userName: contact(100, "Name"),
  userEmail: contact(254, "Email").toLowerCase().regex(SIMPLE_EMAIL_PATTERN, "Invalid Email"),
});

/** Staff note: author comes from the session; internal notes never reach public routes. */
export const createStaffNoteSchema = z.object({
  note: noteText,
  isInternal: z.boolean().optional().default(false),
  /** The ticket's new status, set with the note or not at all. */
  status: statusUpdateSchema.shape.status.optional(),
  minutesSpent: minutesSpentSchema.optional(),
  /** Files of this ticket, uploaded just before, that the reply's e-mail carries. */
  attachmentIds: z.array(z.number().int().positive()).max(MAX_FILES_PER_SUBMISSION).optional(),
});

/** The requester's reply on their private page: who they are comes from the ticket itself. */
export const createRequesterReplySchema = z.object({ note: noteText });

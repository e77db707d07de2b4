import { z } from "zod";
import { BULK_MAX, statusUpdateSchema } from "./admin-ticket";

/** Undo of a change whose e-mail is still held: its messages, and what to put back. */
export const undoSendSchema = z.object({
  mailIds: z.array(z.number().int().positive()).min(1, "Nothing to undo").max(10),
  status: statusUpdateSchema.shape.status.optional(),
  noteId: z.number().int().positive().optional(),
});

/** Undo of a status change to many tickets while their e-mails are held: the messages, and each status to put back. */
export const undoBulkSendSchema = z.object({
  mailIds: z.array(z.number().int().positive()).min(1, "Nothing to undo").max(BULK_MAX),
  tickets: z
    .array(z.object({ id: z.number().int().positive(), status: statusUpdateSchema.shape.status }))
    .min(1, "Nothing to undo")
    .max(BULK_MAX, `At most ${BULK_MAX} tickets at once`),
});

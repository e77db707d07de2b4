import { z } from "zod";
import { statusUpdateSchema } from "./admin-ticket";

/** Undo of a change whose e-mail is still held: its messages, and what to put back. */
export const undoSendSchema = z.object({
  mailIds: z.array(z.number().int().positive()).min(1, "Nothing to undo").max(10),
  status: statusUpdateSchema.shape.status.optional(),
  noteId: z.number().int().positive().optional(),
});

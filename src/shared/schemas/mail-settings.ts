import { z } from "zod";
import { SIMPLE_EMAIL_PATTERN } from "../format";

export const mailSettingsSchema = z.object({
  confirmation: z.boolean(),
  staffReply: z.boolean(),
  completed: z.boolean(),
  burnt: z.boolean(),
  notifyStaffOnReply: z.boolean(),
});

/** "Send test e-mail": to the given address, or the signed-in administrator's own. */
export const testMailSchema = z.object({
  to: z.string().trim().toLowerCase().max(254).regex(SIMPLE_EMAIL_PATTERN, "Invalid Email").optional(),
});

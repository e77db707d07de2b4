import { z } from "zod";
import { EMAIL_CONDITION_TYPES } from "../constants";
import { MAILBOX_PATTERN, splitAddresses } from "../format";
import { oneLine } from "./one-line";

const ref = z
  .number()
  .int()
  .positive()
  .nullish()
  .transform((v) => v ?? null);

/** An e-mail routing rule: a name, its recipients and the condition that picks tickets. */
export const emailRoutingSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(200, "Name is too long")
    .check(oneLine("Name")),
  emailAddresses: z
    .string({ error: "At least one email address is required" })
    .max(2000, "Too many email addresses")
    .transform(splitAddresses)
    .refine((list) => list.length > 0, "At least one email address is required")
    .superRefine((list, ctx) => {
      const bad = list.find((a) => !MAILBOX_PATTERN.test(a));
      if (bad !== undefined)
        ctx.addIssue({ code: "custom", message: `Invalid email address: ${bad.slice(0, 100)}` });
    })
    .transform((list) => list.join(", ")),
  conditionType: z.enum(EMAIL_CONDITION_TYPES, { error: "Unknown condition type" }).default("all"),
  departmentId: ref,
  companyId: ref,
  typeId: ref,
  isActive: z.boolean().default(true),
});
export type EmailRoutingInput = z.infer<typeof emailRoutingSchema>;

/** Which pickers a condition needs. */
export const CONDITION_NEEDS: Record<
  (typeof EMAIL_CONDITION_TYPES)[number],
  ("departmentId" | "companyId" | "typeId")[]
> = {
  all: [],
  department: ["departmentId"],
  company: ["companyId"],
  both: ["departmentId", "companyId"],
  type: ["typeId"],
  type_company: ["typeId", "companyId"],
};

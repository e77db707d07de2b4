import { z } from "zod";
import { tagList } from "./tags";
import { oneLine } from "./one-line";
import { createTicketSchema, phoneText } from "./ticket";

const name = (message: string, field: string) =>
  z.string({ error: message }).trim().min(1, message).max(100, message).check(oneLine(field));

/** A status change; the value must be a configured status (checked by the service). */
export const statusUpdateSchema = z.object({ status: name("Status is required", "Status") });
export const priorityUpdateSchema = z.object({ priority: name("Priority is required", "Priority") });
/** Unassigned sends null; a user id may come as a number or a numeric string. */
export const assignSchema = z.object({
  assignedTo: z.union(
    [z.null(), z.coerce.number({ error: "Invalid user" }).int("Invalid user").positive("Invalid user")],
    { error: "Invalid user" },
  ),
});
export const deleteTicketSchema = z.object({
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(200, "Incorrect Password"),
});

/** Staff send the requester their private link again, or a new one that replaces every earlier link. */
export const sendLinkSchema = z.object({ reset: z.boolean().optional().default(false) });

export const BULK_MAX = 500;
const bulkIds = z
  .array(z.number({ error: "Invalid id" }).int("Invalid id").positive("Invalid id"), { error: "Invalid ids" })
  .min(1, "Select at least one ticket")
  .max(BULK_MAX, `At most ${BULK_MAX} tickets at once`)
  .transform((ids) => [...new Set(ids)]);
/** One change to many tickets at once: all of them or none. */
export const bulkActionSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("status"), ids: bulkIds, value: name("Status is required", "Status") }),
    z.object({
      action: z.literal("priority"),
      ids: bulkIds,
      value: name("Priority is required", "Priority"),
    }),
    z.object({ action: z.literal("assign"), ids: bulkIds, value: assignSchema.shape.assignedTo }),
    z.object({ action: z.literal("delete"), ids: bulkIds, password: deleteTicketSchema.shape.password }),
    z.object({ action: z.literal("addTags"), ids: bulkIds, tags: tagList.min(1, "Tag is required") }),
    z.object({ action: z.literal("removeTags"), ids: bulkIds, tags: tagList.min(1, "Tag is required") }),
  ],
  { error: "Invalid action" },
);
export type BulkActionInput = z.infer<typeof bulkActionSchema>;

/** The ticket the signed-in user has open in the dialog, or null when they closed it. */
export const presenceSchema = z.object({ ticketId: z.number().int().positive().nullable() });

const portal = createTicketSchema.shape;
const COMPANY = "Company must be selected";
/** Any subset of a ticket's fields, each checked as the portal form checks it; lists are checked by the service. */
export const ticketEditSchema = z
  .object({
    department: portal.department,
    ticketType: portal.ticketType,
    companyId: z.number({ error: COMPANY }).int(COMPANY).positive(COMPANY),
    location: portal.location,
    description: portal.description,
    priority: priorityUpdateSchema.shape.priority,
    status: statusUpdateSchema.shape.status,
    assignedTo: assignSchema.shape.assignedTo,
    firstName: portal.firstName,
    lastName: portal.lastName,
    email: portal.email,
    phone: phoneText,
    tags: tagList,
  })
  .partial()
  .refine((o) => Object.values(o).some((v) => v !== undefined), { message: "Nothing to change" });
export type TicketEditInput = z.infer<typeof ticketEditSchema>;

const TICKET_CHANNELS = ["portal", "email", "phone", "walk-in", "staff"] as const;
/** A ticket staff open for a requester: the portal's fields, how it came in, an optional first internal note. */
export const staffTicketSchema = z.object({
  ...createTicketSchema.shape,
  website: z.undefined().optional(),
  channel: z.enum(TICKET_CHANNELS, { error: "Invalid channel" }).default("staff"),
  notifyRequester: z.boolean().default(true),
  note: z.string().trim().max(10_000, "Note is too long").optional(),
});
export type StaffTicketInput = z.infer<typeof staffTicketSchema>;

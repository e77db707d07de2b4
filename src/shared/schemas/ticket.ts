import { z } from "zod";
import { DESCRIPTION_MIN } from "../constants";
import { PHONE_PATTERN } from "../format";
import { emailField } from "./auth";

const required = (message: string, max = 100) => z.string({ error: message }).trim().min(1, message).max(max, message);
const optionalText = (max: number) => z.string().trim().max(max).optional().nullable();

/** Spec §5 "New ticket (submission)", messages verbatim; the server sets id, ticketId, userId and timestamps. */
export const createTicketSchema = z.object({
  firstName: required("First name is required"),
  lastName: required("Last name is required"),
  email: emailField,
  phone: z.string({ error: "Phone number must be in the format XXX-XXX-XXXX" }).trim().regex(PHONE_PATTERN, "Phone number must be in the format XXX-XXX-XXXX"),
  companyId: z.number({ error: "Company must be selected" }).int("Company must be selected").positive("Company must be selected").optional().nullable(),
  companyName: required("Company name is required", 200),
  location: optionalText(200),
  department: required("Department is required"),
  ticketType: required("Ticket type is required"),
  priority: required("Priority is required", 50).default("medium"),
  description: z
    .string({ error: "Description must be at least 10 characters" })
    .trim()
    .min(DESCRIPTION_MIN, "Description must be at least 10 characters")
    .max(10_000, "Description is too long"),
  date: optionalText(50),
  time: optionalText(50),
  /** Honeypot: hidden from people, filled by bots; a non-empty value is dropped silently. */
  website: z.string().max(500).optional(),
});
export type CreateTicketInput = z.infer<typeof createTicketSchema>;

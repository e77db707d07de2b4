import { z } from "zod/mini";
import { DESCRIPTION_MIN } from "../constants";
import { emailField } from "./email";
import { oneLine } from "./one-line";

// zod/mini: the submit form validates with this very schema in the browser, and the classic API
// would weigh down the public portal's bundle.
const required = (message: string, field: string, max = 100) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, message), z.maxLength(max, message), oneLine(field));
const optionalText = (max: number, field: string) =>
  z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(max), oneLine(field))));
const PHONE = "Phone number is too long";
const COMPANY = "Company must be selected";
/** A phone as typed; its form is checked against the portal's phone settings. */
export const phoneText = z.string({ error: PHONE }).check(z.trim(), z.maxLength(40, PHONE), oneLine("Phone"));
const DESCRIPTION = "Description must be at least 10 characters";

/** A new ticket from the portal, with the messages the form shows; the server sets id, ticketId, userId and timestamps. */
export const createTicketSchema = z.object({
  firstName: required("First name is required", "First name"),
  lastName: required("Last name is required", "Last name"),
  email: emailField,
  // whether a phone is needed and which country a number without "+" is in are settings: checked in the service
  phone: z._default(phoneText, ""),
  companyId: z.nullable(z.optional(z.int({ error: COMPANY }).check(z.positive(COMPANY)))),
  companyName: required("Company name is required", "Company name", 200),
  location: optionalText(200, "Location"),
  department: required("Department is required", "Department"),
  ticketType: required("Ticket type is required", "Ticket type"),
  priority: z._default(required("Priority is required", "Priority", 50), "medium"),
  description: z
    .string({ error: DESCRIPTION })
    .check(
      z.trim(),
      z.minLength(DESCRIPTION_MIN, DESCRIPTION),
      z.maxLength(10_000, "Description is too long"),
    ),
  date: optionalText(50, "Date"),
  time: optionalText(50, "Time"),
  /** The type's custom fields by key, checked on the server against their definitions. */
  customFields: z.optional(z.record(z.string().check(z.maxLength(40)), z.unknown())),
  /** Honeypot: hidden from people, filled by bots; a non-empty value is dropped silently. */
  website: z.optional(z.string().check(z.maxLength(500))),
});
export type CreateTicketInput = z.infer<typeof createTicketSchema>;

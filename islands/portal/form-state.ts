import type { PublicConfig } from "../../src/shared/dto";
import type { PublicCustomField } from "../../src/shared/custom-fields";
import type { Translator } from "../../src/i18n/translator";
import type { PhoneRules } from "../../src/shared/phone";
import { loadPhone } from "./usePhoneFormat";

export type TicketForm = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  location: string;
  companyId: string;
  department: string;
  ticketType: string;
  priority: string;
  description: string;
  website: string;
};
export type FieldErrors = Partial<Record<keyof TicketForm | "companyName", string>>;

export const emptyForm = (config: PublicConfig): TicketForm => ({
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  location: "",
  companyId: config.companies.length === 1 ? String(config.companies[0]!.id) : "",
  department: "",
  ticketType: "",
  priority: config.priorities.some((p) => p.name === "medium") ? "medium" : "",
  description: "",
  website: "",
});

// The server's schema (zod) is fetched when the form is first touched, not with the page.
let rules: Promise<typeof import("../../src/shared/schemas/ticket")> | null = null;
export const loadRules = () => (rules ??= import("../../src/shared/schemas/ticket"));

/** The submission payload, checked with the server's own schema (its messages, in the page's language). */
export async function toPayload(
  form: TicketForm,
  config: PublicConfig,
  phone: PhoneRules,
  { message }: Pick<Translator, "message">,
) {
  const [{ createTicketSchema }, { phoneProblem }] = await Promise.all([loadRules(), loadPhone()]);
  const company = config.companies.find((c) => String(c.id) === form.companyId);
  const payload = {
    ...form,
    companyId: company?.id ?? null,
    companyName: company?.name ?? "",
    location: form.location.trim() || null,
    website: form.website || undefined,
  };
  const parsed = createTicketSchema.safeParse(payload);
  const problem = phoneProblem(form.phone, phone);
  const badPhone = problem && message(problem);
  const errors: FieldErrors = badPhone ? { phone: badPhone } : {};
  for (const issue of parsed.error?.issues ?? []) {
    const key = String(issue.path[0]) as keyof FieldErrors;
    errors[key === "companyName" ? "companyId" : key] ??= message(issue.message);
  }
  return { payload, errors: parsed.success && !badPhone ? null : errors };
}

// The custom fields' checks come with the rules, when the form is first touched.
let fieldRules: Promise<typeof import("../../src/shared/schemas/custom-field-values")> | null = null;
const loadFieldRules = () => (fieldRules ??= import("../../src/shared/schemas/custom-field-values"));

/** The chosen type's custom field values, checked as the server checks them; errors by field key. */
export async function checkCustomFields(fields: PublicCustomField[], values: Record<string, unknown>) {
  const { fieldValuesSchema } = await loadFieldRules();
  const given = Object.fromEntries(fields.filter((f) => f.key in values).map((f) => [f.key, values[f.key]]));
  const parsed = fieldValuesSchema(fields).safeParse(given);
  const errors: Record<string, string> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { customFields: given, errors: parsed.success ? null : errors };
}

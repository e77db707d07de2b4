import { z } from "zod";
import { isPhoneCountry, type PhoneRules } from "../phone";

export const phoneRulesSchema = z.object({
  country: z
    .string({ error: "Choose a country" })
    .refine(isPhoneCountry, "Choose a country from the list") as unknown as z.ZodType<PhoneRules["country"]>,
  required: z.boolean({ error: "Say whether a phone number is required" }),
});

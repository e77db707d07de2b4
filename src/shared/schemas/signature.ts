import { z } from "zod";

export const SIGNATURE_MAX_CHARS = 500;
const SIGNATURE_MAX_LINES = 6;

/** A staff member's reply signature: plain text, a few short lines; empty removes it. */
export const signatureSchema = z.object({
  signature: z
    .string({ error: "Signature must be text" })
    .max(SIGNATURE_MAX_CHARS, `Signature is too long (${SIGNATURE_MAX_CHARS} characters at most)`)
    .transform((s) => s.replace(/\r\n?/g, "\n").trim())
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
    .refine((s) => !/[\u0000-\u0009\u000b-\u001f\u007f\u2028\u2029\u202a-\u202e]/.test(s), {
      message: "Signature may contain only plain text",
    })
    .refine((s) => s.split("\n").length <= SIGNATURE_MAX_LINES, {
      message: `Signature has too many lines (${SIGNATURE_MAX_LINES} at most)`,
    }),
});

import { z } from "zod";
import { oneLine } from "./one-line";

export const WORDING_LIMITS = { organisation: 80, welcome: 120, intro: 400, promise: 200, footer: 200 };

const LABELS = {
  organisation: "The organisation name",
  welcome: "The welcome heading",
  intro: "The welcome text",
  promise: "The promise line",
  footer: "The footer",
} as const;

/** Looks like markup: text is shown as typed, so a tag would show as-is rather than format. */
const TAG = /<\s*\/?\s*[a-z!?]/i;

const field = (name: keyof typeof LABELS) =>
  z
    .string({ error: `${LABELS[name]} is text` })
    .trim()
    .max(WORDING_LIMITS[name], `${LABELS[name]} is at most ${WORDING_LIMITS[name]} characters`)
    .check(oneLine(LABELS[name]))
    .refine((v) => !TAG.test(v), `${LABELS[name]} is plain text, without HTML tags`);

/** An empty field keeps the product's text, except the promise: empty hides it, null follows the targets. */
const orDefault = (name: keyof typeof LABELS) =>
  field(name)
    .nullable()
    .transform((v) => v || null);

export const portalWordingSchema = z.object({
  organisation: orDefault("organisation"),
  welcome: orDefault("welcome"),
  intro: orDefault("intro"),
  promise: field("promise").nullable(),
  footer: orDefault("footer"),
});

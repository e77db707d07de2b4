import { z } from "zod";
import { CONFIG_KINDS, PALETTE_COLORS } from "../constants";
import { oneLine } from "./one-line";

export const configKindParam = z.object({ kind: z.enum(CONFIG_KINDS, { error: "Unknown list" }) });

const color = z.enum(PALETTE_COLORS as [string, ...string[]], { error: "Unknown colour" });
const optionalText = (field: string) => z.string().trim().max(100).check(oneLine(field)).nullish();

/** A configuration item: name required; label for statuses and priorities; colour from the palette. */
export const configItemSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(100, "Name is too long")
    .check(oneLine("Name")),
  label: optionalText("Label"),
  icon: z.string().trim().min(1).max(40).check(oneLine("Icon")).optional(),
  color: color.optional(),
  bgColor: optionalText("Background colour"),
  textColor: optionalText("Text colour"),
  isActive: z.boolean().optional(),
  position: z.number().int().min(0).max(100000).optional(),
});
export type ConfigItemInput = z.infer<typeof configItemSchema>;
export const updateConfigItemSchema = configItemSchema.partial();
export type UpdateConfigItemInput = z.infer<typeof updateConfigItemSchema>;

export const reorderSchema = z.object({
  positions: z
    .array(z.object({ id: z.number().int().positive(), position: z.number().int().min(1) }))
    .min(1, "Nothing to reorder")
    .max(1000),
});

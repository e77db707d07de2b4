import { z } from "zod";

const MESSAGE = "Enter the address people open the help desk at, like https://help.example.com";

/** The help desk's public address: http(s), no query or fragment; kept without a trailing slash. */
export const publicAddressSchema = z.object({
  publicUrl: z
    .string({ error: MESSAGE })
    .trim()
    .max(300, { error: MESSAGE })
    .refine((v) => {
      if (!URL.canParse(v)) return false;
      const u = new URL(v);
      return (u.protocol === "https:" || u.protocol === "http:") && !u.search && !u.hash && !u.username;
    }, MESSAGE)
    .transform((v) => v.replace(/\/+$/, "")),
});

import { zValidator } from "@hono/zod-validator";
import type { Context, Next, ValidationTargets } from "hono";
import type { $ZodType as ZodType } from "zod/v4/core";
import { unsupportedType } from "../errors/domain-error";

/** zValidator whose failure is thrown, so handleError answers it like every other invalid input. */
const zod = <T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result) => {
    if (!result.success) throw result.error;
  });

/** A JSON body sent as another type is refused with 415 instead of being read as `{}`. */
function assertJson(c: Context) {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type))
    throw unsupportedType("Content-Type must be application/json");
}

export function validate<T extends ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  const check = zod(target, schema);
  if (target !== "json") return check;
  return ((c: Context, next: Next) => {
    assertJson(c);
    return check(c, next);
  }) as typeof check;
}

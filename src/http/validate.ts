import { zValidator } from "@hono/zod-validator";
import type { Context, Next, ValidationTargets } from "hono";
import { resolver, uniqueSymbol } from "hono-openapi";
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

const validated = Symbol("validated");
type Validated = { target: keyof ValidationTargets; schema: ZodType };

/** The target and schema a `validate` middleware checks: read by the API description and the tests that hold it to the routes. */
export const validatedBy = (handler: unknown): Validated | undefined =>
  (handler as { [validated]?: Validated } | null)?.[validated];

/**
 * Checks one part of the request against a zod schema. The middleware also carries that schema for the
 * OpenAPI document, which is generated from the routes' own validators and so cannot drift from them.
 */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  const check = zod(target, schema);
  const run =
    target === "json"
      ? (((c: Context, next: Next) => {
          assertJson(c);
          return check(c, next);
        }) as typeof check)
      : check;
  const described = { target, ...resolver(schema as never), options: undefined };
  return Object.assign(run, { [uniqueSymbol]: described, [validated]: { target, schema } });
}

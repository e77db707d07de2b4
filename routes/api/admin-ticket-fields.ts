import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { writeCtx } from "../../src/http/write-ctx";
import { validate } from "../../src/http/validate";
import { expectedVersion, versionTag } from "../../src/http/if-match";
import { idParam } from "../../src/shared/schemas/id-param";
import { fieldValuesQuerySchema, ticketFieldsSchema } from "../../src/shared/schemas/custom-field";
import {
  ticketValues,
  updateTicketValues,
  valuesOfTickets,
} from "../../src/custom-fields/ticket-values.service";

/** A ticket's custom field values, read and changed by staff within their scope. */
export const adminTicketFieldsApi = new Hono<AppEnv>()
  .get("/:id/fields", validate("param", idParam), (c) => {
    const answer = ticketValues({ deps: c.get("deps"), user: c.get("user")!, id: c.req.valid("param").id });
    c.header("ETag", versionTag(answer.version));
    return c.json(answer);
  })
  .put("/:id/fields", validate("param", idParam), validate("json", ticketFieldsSchema), (c) => {
    const answer = updateTicketValues({
      ...writeCtx(c),
      user: c.get("user")!,
      id: c.req.valid("param").id,
      ifMatch: expectedVersion(c.req.header("if-match")),
      raw: c.req.valid("json").customFields,
    });
    c.header("ETag", versionTag(answer.version));
    return c.json(answer);
  });

/** The values of a page of tickets (those within the user's scope), for the list's field columns. */
export const adminFieldValuesApi = new Hono<AppEnv>().get(
  "/",
  validate("query", fieldValuesQuerySchema),
  (c) => {
    const ids = c.req.valid("query").ids.split(",").map(Number);
    return c.json({ values: valuesOfTickets({ deps: c.get("deps"), user: c.get("user")!, ids }) });
  },
);

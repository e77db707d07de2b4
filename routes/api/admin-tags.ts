import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { requireAdmin } from "../../src/http/auth";
import { dbWriteCtx } from "../../src/http/write-ctx";
import { validate } from "../../src/http/validate";
import { expectedVersion } from "../../src/http/if-match";
import { idParam } from "../../src/shared/schemas/id-param";
import { setTagsSchema, tagSearchSchema, updateTagSchema } from "../../src/shared/schemas/tags";
import { deleteTag, listTags, updateTag } from "../../src/tags/tags.admin";
import { putTicketTags } from "../../src/tags/tags.service";
import { toAdminTicket } from "../../src/tickets/tickets.dto";

/** The tags staff pick from (autocomplete), with how many tickets carry each. */
export const adminTagsApi = new Hono<AppEnv>().get("/", validate("query", tagSearchSchema), (c) =>
  c.json(listTags(c.get("deps").db, c.req.valid("query").q)),
);

/** Renaming, merging, colouring and deleting tags: admins only. */
export const adminTagsManageApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .patch("/:id", validate("param", idParam), validate("json", updateTagSchema), (c) =>
    c.json(updateTag({ ...dbWriteCtx(c), id: c.req.valid("param").id, ...c.req.valid("json") })),
  )
  .delete("/:id", validate("param", idParam), (c) => {
    deleteTag({ ...dbWriteCtx(c), id: c.req.valid("param").id });
    return c.json({ message: "Tag deleted" });
  });

/** A ticket's whole list of tags, set like any other field (If-Match refuses a stale write). */
export const adminTicketTagsApi = new Hono<AppEnv>().put(
  "/:id/tags",
  validate("param", idParam),
  validate("json", setTagsSchema),
  (c) => {
    const ticket = putTicketTags({
      ...dbWriteCtx(c),
      user: c.get("user")!,
      id: c.req.valid("param").id,
      ifMatch: expectedVersion(c.req.header("if-match")),
      names: c.req.valid("json").tags,
    });
    return c.json(toAdminTicket(ticket));
  },
);

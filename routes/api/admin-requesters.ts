import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../src/http/env";
import { validate } from "../../src/http/validate";
import { findRequesters } from "../../src/ticket-page/requester-lookup";

const lookupQuery = z.object({ q: z.string().max(254).default("") });

/** Requesters of earlier tickets by the start of their e-mail, for opening a ticket on someone's behalf. */
export const adminRequestersApi = new Hono<AppEnv>().get("/", validate("query", lookupQuery), (c) =>
  c.json(findRequesters(c.get("deps").db, c.get("user")!, c.req.valid("query").q)),
);

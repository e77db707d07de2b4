import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { sendIsland } from "./page";
import { portalProps } from "./portal-props";

/** Page shells: each renders its island on the server so it is useful before scripts load. */
export const pages = new Hono<AppEnv>()
  .get("/", (c) => sendIsland(c, "Helpdesk – Support Portal", "Portal", portalProps(c)))
  .get("/login", (c) => {
    if (c.var.user) return c.redirect("/admin", 302);
    return sendIsland(c, "Login – Helpdesk", "Login", {});
  })
  .get("/admin", (c) =>
    sendIsland(c, "Admin Dashboard – Helpdesk", "AdminDashboard", {
      initialUser: c.var.user,
      defaultView: "kanban",
    }),
  )
  .get("/profile", (c) => sendIsland(c, "Profile – Helpdesk", "Profile", { user: c.var.user }));

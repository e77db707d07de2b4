import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { Island } from "../../src/http/render";
import { sendPage } from "./page";
import { portalProps } from "./portal-props";

/** Page shells: each renders its island on the server so it is useful before scripts load. */
export const pages = new Hono<AppEnv>()
  .get("/", (c) => sendPage(c, "Helpdesk – Support Portal", <Island name="Portal" props={portalProps(c)} />))
  .get("/login", (c) => {
    if (c.var.user) return c.redirect("/admin", 302);
    return sendPage(c, "Login – Helpdesk", <Island name="Login" props={{}} />);
  })
  .get("/admin", (c) =>
    sendPage(c, "Admin Dashboard – Helpdesk", <Island name="AdminDashboard" props={{ initialUser: c.var.user, defaultView: "kanban" }} />),
  )
  .get("/profile", (c) => sendPage(c, "Profile – Helpdesk", <Island name="Profile" props={{ user: c.var.user }} />));

import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { sendIsland } from "./page";
import { portalProps } from "./portal-props";
import { notFoundPage } from "./not-found";
import { limitByIp } from "../../src/http/security";
import { requesterPage } from "../../src/conversation/requester.service";

/** Page shells: each renders its island on the server so it is useful before scripts load. */
export const pages = new Hono<AppEnv>()
  .get("/", (c) => sendIsland(c, "Helpdesk – Support Portal", "Portal", portalProps(c)))
  .get("/login", (c) => {
    if (c.var.user) return c.redirect("/admin", 302);
    return sendIsland(c, "Login – Helpdesk", "Login", {});
  })
  .get("/forgot-password", (c) =>
    sendIsland(c, "Forgot password – Helpdesk", "PasswordRecovery", { token: null }),
  )
  // The token is checked only when the form is sent, so this page says nothing about it.
  .get("/reset-password/:token", (c) =>
    sendIsland(
      c,
      "Reset password – Helpdesk",
      "PasswordRecovery",
      { token: c.req.param("token") },
      { keep: false },
    ),
  )
  .get("/admin", (c) => {
    // a required second factor not set up yet opens only the profile, where it is set up
    if (c.var.user?.mustEnrolTwoFactor) return c.redirect("/profile", 302);
    return sendIsland(c, "Admin Dashboard – Helpdesk", "AdminDashboard", {
      initialUser: c.var.user,
      defaultView: "kanban",
    });
  })
  .get("/profile", (c) => sendIsland(c, "Profile – Helpdesk", "Profile", { user: c.var.user }))
  // The requester's private page: an unknown, revoked or malformed token is the ordinary 404 page.
  .get(
    "/t/:token",
    limitByIp((c) => c.var.deps.limiters.publicSearch),
    (c) => {
      const token = c.req.param("token");
      const view = requesterPage(c.var.deps, token);
      if (!view) return notFoundPage(c);
      return sendIsland(
        c,
        `Ticket ${view.ticket.ticketId} – Helpdesk`,
        "RequesterTicket",
        { token, view },
        { keep: false },
      );
    },
  );

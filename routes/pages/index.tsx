import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { sendIsland } from "./page";
import { portalProps } from "./portal-props";
import { portalTitle } from "../../src/shared/portal-wording";
import { notFoundPage } from "./not-found";
import { limitByIp } from "../../src/http/security";
import { requesterPage } from "../../src/conversation/requester.service";
import { TICKET_ID_PATTERN } from "../../src/shared/format";
import { ticketRefInScope } from "../../src/ticket-page/ticket-history";
import { myTicketsPage } from "../../src/conversation/tracking.service";
import { helpPages } from "./help";
import { reportsPageProps } from "../../src/reports/reports-page";

const pathAndQuery = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

/** Page shells: each renders its island on the server so it is useful before scripts load. */
export const pages = new Hono<AppEnv>()
  .route("/", helpPages)
  .get("/", (c) => {
    const props = portalProps(c);
    return sendIsland(c, (t) => portalTitle(t, props.wording.organisation), "Portal", props);
  })
  .get("/login", (c) => {
    if (c.get("user")) return c.redirect("/admin", 302);
    return sendIsland(c, (t) => t("login.title"), "Login", {});
  })
  .get("/forgot-password", (c) =>
    sendIsland(c, (t) => t("recovery.forgotTitle"), "PasswordRecovery", { token: null }),
  )
  // The token is checked only when the form is sent, so this page says nothing about it.
  .get("/reset-password/:token", (c) =>
    sendIsland(
      c,
      (t) => t("recovery.resetTitle"),
      "PasswordRecovery",
      { token: c.req.param("token") },
      { keep: false },
    ),
  )
  // An invitation link: the same single-use form, where the invited user chooses their first password.
  .get("/invitation/:token", (c) =>
    sendIsland(
      c,
      (t) => t("recovery.welcomeTitle"),
      "PasswordRecovery",
      { token: c.req.param("token") },
      { keep: false },
    ),
  )
  .get("/admin", (c) => {
    // a required second factor not set up yet opens only the profile, where it is set up
    if (c.get("user")?.mustEnrolTwoFactor) return c.redirect("/profile", 302);
    const title = c.get("user")?.role === "staff" ? "staff.title.staff" : "staff.title.admin";
    return sendIsland(c, (t) => `${t(title)} – Helpdesk`, "AdminDashboard", {
      initialUser: c.get("user"),
      defaultView: "kanban",
      url: pathAndQuery(c.req.url),
    });
  })
  // One ticket's full page, for a ticket in the user's scope only; signed out, the sign-in form.
  .get("/admin/tickets/:ticketId", (c) => {
    const ticketId = c.req.param("ticketId");
    const user = c.get("user");
    if (user?.mustEnrolTwoFactor) return c.redirect("/profile", 302);
    let ticket: { id: number; ticketId: string } | undefined;
    if (!TICKET_ID_PATTERN.test(ticketId)) return notFoundPage(c);
    if (user) {
      ticket = ticketRefInScope(c.get("deps").db, user, ticketId);
      if (!ticket) return notFoundPage(c);
    }
    return sendIsland(c, (t) => `${t("staff.title.ticket", { ticketId })} – Helpdesk`, "TicketPage", {
      initialUser: user,
      url: pathAndQuery(c.req.url),
      ticket: ticket ? { id: ticket.id, ticketId: ticket.ticketId } : null,
    });
  })
  .get("/admin/reports", (c) => {
    const user = c.get("user");
    if (!user) return c.redirect("/login", 302);
    if (user.mustEnrolTwoFactor) return c.redirect("/profile", 302);
    const props = reportsPageProps(c.get("deps"), user);
    return sendIsland(c, (t) => `${t("staff.title.reports")} – Helpdesk`, "Reports", props, { keep: false });
  })
  .get("/profile", (c) =>
    sendIsland(c, (t) => `${t("staff.title.profile")} – Helpdesk`, "Profile", { user: c.get("user") }),
  )
  // The requester's private page: an unknown, revoked or malformed token is the ordinary 404 page.
  .get(
    "/t/:token",
    limitByIp((c) => c.get("deps").limiters.publicSearch),
    (c) => {
      const token = c.req.param("token");
      const view = requesterPage(c.get("deps"), token);
      if (!view) return notFoundPage(c);
      return sendIsland(
        c,
        (t) => t("requester.title", { ticketId: view.ticket.ticketId }),
        "RequesterTicket",
        { token, view },
        { keep: false },
      );
    },
  )
  // One address's tickets behind the link mailed to it; an unknown or expired token is the 404 page.
  .get(
    "/my-tickets/:token",
    limitByIp((c) => c.get("deps").limiters.publicSearch),
    (c) => {
      const token = c.req.param("token");
      const list = myTicketsPage(c.get("deps"), token, c.get("deps").now());
      if (!list) return notFoundPage(c);
      return sendIsland(c, (t) => t("mine.title"), "MyTickets", { token, list }, { keep: false });
    },
  );

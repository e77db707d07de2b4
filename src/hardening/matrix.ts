/**
 * Access matrix: each route's expected outcome per caller. "ok" means the guard let it through (anything
 * but 401, 403, 429 or 5xx: a 400 or 404 still proves the guard passed). A route without an entry fails,
 * and so does an entry whose route has gone.
 */
export type Role = "anon" | "suspended" | "staffLimited" | "staffAll" | "admin";
export const ROLES: Role[] = ["anon", "suspended", "staffLimited", "staffAll", "admin"];
export type Expect = "ok" | number | number[];
export type Entry = { expect: Record<Role, Expect>; body?: unknown; multipart?: boolean; last?: boolean };

const pub: Record<Role, Expect> = {
  anon: "ok",
  suspended: "ok",
  staffLimited: "ok",
  staffAll: "ok",
  admin: "ok",
};
const user: Record<Role, Expect> = {
  anon: 401,
  suspended: 401,
  staffLimited: "ok",
  staffAll: "ok",
  admin: "ok",
};
const adminOnly: Record<Role, Expect> = {
  anon: 401,
  suspended: 401,
  staffLimited: 403,
  staffAll: 403,
  admin: "ok",
};
/** Ticket routes are tried on a ticket outside the limited staff member's department and company. */
const scoped: Record<Role, Expect> = {
  anon: 401,
  suspended: 401,
  staffLimited: 404,
  staffAll: "ok",
  admin: "ok",
};

export const MATRIX: Record<string, Entry> = {
  "GET /healthz": { expect: pub },
  "GET /": { expect: pub },
  "GET /login": { expect: pub },
  "GET /forgot-password": { expect: pub },
  "GET /reset-password/:token": { expect: pub },
  "GET /invitation/:token": { expect: pub },
  "GET /admin": { expect: { ...pub } },
  "GET /profile": { expect: { ...pub } },
  // the literal ":ticketId" is no ticket number: the 404 page for everyone (scope is tested with real ids elsewhere)
  "GET /admin/tickets/:ticketId": {
    expect: { anon: 404, suspended: 404, staffLimited: 404, staffAll: 404, admin: 404 },
  },
  // public portal
  "GET /api/public/config/departments": { expect: pub },
  "GET /api/public/config/types": { expect: pub },
  "GET /api/public/config/priorities": { expect: pub },
  "GET /api/public/config/companies": { expect: pub },
  "GET /api/public/config/custom-fields": { expect: pub },
  "POST /api/tickets": { expect: pub, body: {} },
  "POST /api/tickets/upload": { expect: pub, multipart: true },
  "POST /api/tickets/search": { expect: pub, body: { type: "ticketId", query: "WI-2020-001" } },
  "GET /api/tickets/:id/notes": { expect: pub },
  "POST /api/tickets/:id/notes": { expect: pub, body: {} },
  "GET /api/tickets/:id/attachments": { expect: pub },
  "POST /api/tickets/:id/attachments": { expect: pub, multipart: true },
  "GET /api/attachments/:id/download": {
    expect: { anon: 404, suspended: 404, staffLimited: 404, staffAll: 404, admin: 404 },
  },
  // the requester's private link: a made-up token is an unknown ticket for everyone
  "GET /api/t/:token": {
    expect: { anon: 404, suspended: 404, staffLimited: 404, staffAll: 404, admin: 404 },
  },
  "POST /api/t/:token/notes": {
    expect: { anon: 404, suspended: 404, staffLimited: 404, staffAll: 404, admin: 404 },
    body: { note: "hello" },
  },
  "POST /api/t/:token/attachments": {
    expect: { anon: 404, suspended: 404, staffLimited: 404, staffAll: 404, admin: 404 },
    multipart: true,
  },
  "GET /api/t/:token/attachments/:id/download": {
    expect: { anon: 404, suspended: 404, staffLimited: 404, staffAll: 404, admin: 404 },
  },
  "GET /t/:token": { expect: { anon: 404, suspended: 404, staffLimited: 404, staffAll: 404, admin: 404 } },
  "POST /api/tickets/send-link": { expect: pub, body: { ticketId: "WI-2020-001" } },
  // "My tickets": a made-up token opens nothing for anyone
  "GET /api/my-tickets/:token": {
    expect: { anon: 404, suspended: 404, staffLimited: 404, staffAll: 404, admin: 404 },
  },
  "POST /api/my-tickets/:token/open": {
    expect: { anon: 404, suspended: 404, staffLimited: 404, staffAll: 404, admin: 404 },
    body: { ticketId: "WI-2020-001" },
  },
  "GET /my-tickets/:token": {
    expect: { anon: 404, suspended: 404, staffLimited: 404, staffAll: 404, admin: 404 },
  },
  // authentication
  "POST /api/login": { expect: pub, body: {} },
  "POST /api/auth/forgot-password": { expect: pub, body: {} },
  "POST /api/auth/reset-password": { expect: pub, body: {} },
  "GET /api/logout": {
    expect: { anon: 302, suspended: 302, staffLimited: 302, staffAll: 302, admin: 302 },
    last: true,
  },
  "GET /api/auth/user": { expect: user },
  "PUT /api/auth/profile": { expect: user, body: {} },
  "PUT /api/auth/password": { expect: user, body: {} },
  "GET /api/auth/sessions": { expect: user },
  "GET /api/auth/tokens": { expect: user },
  "POST /api/auth/tokens": { expect: user, body: {} },
  "DELETE /api/auth/tokens/:id": { expect: user },
  "GET /api/admin/api-tokens": { expect: adminOnly },
  "GET /api/openapi.json": { expect: user },
  "GET /api/docs": { expect: user },
  "DELETE /api/admin/api-tokens/:id": { expect: adminOnly },
  "DELETE /api/auth/sessions/:id": { expect: user },
  "POST /api/auth/sessions/revoke-all": { expect: user, body: { keepCurrent: true } },
  "POST /api/auth/second-factor": { expect: pub, body: {} },
  "GET /api/auth/two-factor": { expect: user },
  "POST /api/auth/two-factor/enrol": { expect: user },
  "POST /api/auth/two-factor/confirm": { expect: user, body: {} },
  "POST /api/auth/two-factor/disable": { expect: user, body: {} },
  "POST /api/auth/two-factor/recovery-codes": { expect: user },
  "POST /api/auth/confirm-password": { expect: user, body: {} },
  "GET /api/admin/security/two-factor": { expect: adminOnly },
  "PUT /api/admin/security/two-factor": { expect: adminOnly, body: {} },
  "GET /api/admin/portal": { expect: adminOnly },
  "PUT /api/admin/portal": { expect: adminOnly, body: {} },
  "GET /api/admin/portal/address": { expect: adminOnly },
  "PUT /api/admin/portal/address": { expect: adminOnly, body: {} },
  "GET /api/admin/portal/phone": { expect: adminOnly },
  "PUT /api/admin/portal/phone": { expect: adminOnly, body: {} },
  "GET /api/admin/portal/weather": { expect: adminOnly },
  "GET /api/admin/portal/id-prefix": { expect: adminOnly },
  "PUT /api/admin/portal/id-prefix": { expect: adminOnly, body: {} },
  "PUT /api/admin/portal/weather": { expect: adminOnly, body: {} },
  "GET /api/admin/service-levels": { expect: adminOnly },
  "PUT /api/admin/service-levels": { expect: adminOnly, body: {} },
  // single sign-on: the literal ":id" is no provider id, so start and callback answer 400 for everyone
  "GET /api/sso/options": { expect: pub },
  "GET /api/sso/oidc/:id/start": { expect: pub },
  "GET /api/sso/oidc/:id/callback": { expect: pub },
  "POST /api/sso/ldap/login": { expect: pub, body: {} },
  "GET /api/admin/sso": { expect: adminOnly },
  "PUT /api/admin/sso": { expect: adminOnly, body: {} },
  // admin tickets (staff within scope)
  "GET /api/admin/tickets": { expect: user },
  "GET /api/admin/tickets/stats": { expect: user },
  "GET /api/admin/tickets/today": { expect: user },
  "GET /api/admin/tickets/breakdown": { expect: user },
  "GET /api/admin/tickets/assignees": { expect: user },
  "GET /api/admin/tickets/:id": { expect: scoped },
  "PUT /api/admin/tickets/:id/status": { expect: scoped, body: { status: "open" } },
  "PUT /api/admin/tickets/:id": { expect: scoped, body: { location: "Room 7" } },
  "POST /api/admin/tickets": { expect: user, body: {} },
  "POST /api/admin/tickets/:id/link": { expect: scoped, body: { reset: false } },
  "GET /api/admin/mail/settings": { expect: adminOnly },
  "PUT /api/admin/mail/settings": { expect: adminOnly, body: {} },
  "GET /api/admin/mail/health": { expect: adminOnly },
  "POST /api/admin/mail/test": { expect: adminOnly, body: {} },
  "POST /api/admin/mail/retry-failed": { expect: adminOnly },
  "PUT /api/admin/tickets/:id/priority": { expect: scoped, body: { priority: "medium" } },
  "PUT /api/admin/tickets/:id/assign": { expect: scoped, body: { assignedTo: null } },
  // The password is checked before the ticket is looked up: a wrong one is 403 whatever the id.
  "DELETE /api/admin/tickets/:id": {
    expect: { ...scoped, staffLimited: [403, 404], staffAll: [403, 404], admin: [403] },
    body: { password: "not-the-password" },
  },
  "GET /api/admin/tickets/:id/notes": { expect: scoped },
  // queue work: an id outside the limited member's scope (or unknown) refuses the whole bulk request
  "POST /api/admin/tickets/bulk": {
    expect: scoped,
    body: { ids: [999_999], action: "priority", value: "medium" },
  },
  "GET /api/admin/tickets/export.csv": { expect: user },
  // live stream: ticket events filtered by the caller's scope; presence names a ticket in scope (else 404)
  "GET /api/admin/events": { expect: user },
  "POST /api/admin/events/presence": { expect: user, body: { ticketId: null } },
  "GET /api/admin/tickets/by-ticket-id/:ticketId": { expect: user },
  // saved views belong to their owner: another user's (or no) view is 404
  "GET /api/admin/views": { expect: user },
  "POST /api/admin/views": { expect: user, body: {} },
  "POST /api/admin/views/reorder": { expect: user, body: {} },
  "PUT /api/admin/views/:id": {
    expect: { ...user, staffLimited: 404, staffAll: 404, admin: 404 },
    body: { name: "x" },
  },
  "DELETE /api/admin/views/:id": { expect: { ...user, staffLimited: 404, staffAll: 404, admin: 404 } },
  "POST /api/admin/tickets/:id/notes": { expect: scoped, body: { note: "matrix note" } },
  // agent tools: tags, saved replies (one's own and shared), merge and links, all within scope
  "PUT /api/admin/tickets/:id/tags": { expect: scoped, body: { tags: [] } },
  "GET /api/admin/tags": { expect: user },
  "PATCH /api/admin/tags/:id": { expect: adminOnly, body: { color: "red" } },
  "DELETE /api/admin/tags/:id": { expect: adminOnly },
  "GET /api/admin/saved-replies": { expect: user },
  "POST /api/admin/saved-replies": { expect: user, body: {} },
  "PUT /api/admin/saved-replies/:id": { expect: user, body: {} },
  "DELETE /api/admin/saved-replies/:id": { expect: user },
  "POST /api/admin/saved-replies/:id/use": { expect: user, body: { ticketId: 999_999 } },
  // custom fields: everyone signed in reads the definitions, admins change them; values within scope
  "GET /api/admin/custom-fields": { expect: user },
  "POST /api/admin/custom-fields": { expect: adminOnly, body: {} },
  "POST /api/admin/custom-fields/reorder": { expect: adminOnly, body: {} },
  "PUT /api/admin/custom-fields/:id": { expect: adminOnly, body: {} },
  "GET /api/admin/tickets/:id/fields": { expect: scoped },
  "PUT /api/admin/tickets/:id/fields": { expect: scoped, body: { customFields: {} } },
  "POST /api/admin/tickets/:id/merge": { expect: scoped, body: { into: 999_999 } },
  "GET /api/admin/tickets/:id/links": { expect: scoped },
  "POST /api/admin/tickets/:id/links": { expect: scoped, body: { ticket: 999_999, kind: "related" } },
  // the literal ":linkId" is no id: 400 for every signed-in caller, before any lookup
  "DELETE /api/admin/tickets/:id/links/:linkId": { expect: user },
  "POST /api/admin/tickets/:id/unverified/accept": { expect: scoped, body: { noteId: 999_999 } },
  "POST /api/admin/tickets/:id/unverified/discard": { expect: scoped, body: { noteId: 999_999 } },
  "GET /api/admin/tickets/:id/attachments": { expect: scoped },
  "POST /api/admin/tickets/:id/attachments": { expect: scoped, multipart: true },
  "GET /api/admin/attachments/:id/download": {
    expect: { ...user, staffLimited: 404, staffAll: 404, admin: 404 },
  },
  "DELETE /api/admin/attachments/:id": { expect: { ...user, staffLimited: 404, staffAll: 404, admin: 404 } },
  // dashboard
  // 200 with `unavailable` when the provider cannot be reached (the test box has no network)
  "GET /api/admin/weather": { expect: user },
  "GET /api/admin/ai-summary": { expect: user },
  // admin only
  "GET /api/admin/users": { expect: adminOnly },
  "POST /api/admin/users": { expect: adminOnly, body: {} },
  "PUT /api/admin/users/:id/status": { expect: adminOnly, body: {} },
  "PUT /api/admin/users/:id/role": { expect: adminOnly, body: {} },
  "PUT /api/admin/users/:id/access": { expect: adminOnly, body: {} },
  "DELETE /api/admin/users/:id": { expect: adminOnly },
  "POST /api/admin/users/:id/password-reset": { expect: adminOnly },
  "POST /api/admin/users/:id/invitation": { expect: adminOnly },
  "DELETE /api/admin/users/:id/invitation": { expect: adminOnly },
  "PUT /api/admin/users/:id/temporary-password": { expect: adminOnly, body: {} },
  "POST /api/admin/users/:id/reset-two-factor": { expect: adminOnly },
  "GET /api/admin/config/:kind": { expect: adminOnly },
  "POST /api/admin/config/:kind": { expect: adminOnly, body: {} },
  "PUT /api/admin/config/:kind/:id": { expect: adminOnly, body: {} },
  "DELETE /api/admin/config/:kind/:id": { expect: adminOnly },
  "POST /api/admin/config/:kind/reorder": { expect: adminOnly, body: {} },
  "GET /api/admin/config/email-routing": { expect: adminOnly },
  "GET /api/admin/config/email-routing/outbox": { expect: adminOnly },
  "POST /api/admin/config/email-routing": { expect: adminOnly, body: {} },
  "PUT /api/admin/config/email-routing/:id": { expect: adminOnly, body: {} },
  "DELETE /api/admin/config/email-routing/:id": { expect: adminOnly },
  "GET /api/admin/audit-logs": { expect: adminOnly },
  "GET /api/admin/webhooks": { expect: adminOnly },
  "POST /api/admin/webhooks": { expect: adminOnly, body: {} },
  "PUT /api/admin/webhooks/:id": { expect: adminOnly, body: {} },
  "DELETE /api/admin/webhooks/:id": { expect: adminOnly },
  "POST /api/admin/webhooks/:id/rotate-secret": { expect: adminOnly },
  "POST /api/admin/webhooks/:id/test": { expect: adminOnly },
  "GET /api/admin/webhooks/:id/deliveries": { expect: adminOnly },
  "GET /api/admin/automations": { expect: adminOnly },
  "POST /api/admin/automations": { expect: adminOnly, body: {} },
  "POST /api/admin/automations/dry-run": { expect: adminOnly, body: {} },
  "PUT /api/admin/automations/:id": { expect: adminOnly, body: {} },
  "DELETE /api/admin/automations/:id": { expect: adminOnly },
  "GET /api/admin/automations/:id/runs": { expect: adminOnly },
  "GET /api/admin/mail/accounts": { expect: adminOnly },
  "PUT /api/admin/mail/accounts/smtp": { expect: adminOnly, body: {} },
  "PUT /api/admin/mail/accounts/imap": { expect: adminOnly, body: {} },
  "POST /api/admin/mail/accounts/smtp/test": { expect: adminOnly, body: {} },
  "POST /api/admin/mail/accounts/imap/test": { expect: adminOnly, body: {} },
  "GET /help": { expect: pub },
  "GET /help/:slug": { expect: { anon: 404, suspended: 404, staffLimited: 404, staffAll: 404, admin: 404 } },
  "GET /sitemap.xml": { expect: pub },
  "GET /api/help/articles": { expect: pub },
  "GET /api/help/suggestions": { expect: pub },
  "POST /api/help/deflections": { expect: pub, body: { outcome: "missed" } },
  "GET /api/admin/kb/articles": { expect: user },
  "GET /api/admin/kb/articles/:id": { expect: user },
  "GET /api/admin/kb/figures": { expect: user },
  "POST /api/admin/kb/preview": { expect: user, body: { body: "# Hello" } },
  "POST /api/admin/kb/articles": { expect: adminOnly, body: {} },
  "PUT /api/admin/kb/articles/:id": { expect: adminOnly, body: {} },
  "DELETE /api/admin/kb/articles/:id": { expect: adminOnly },
  "GET /api/admin/satisfaction": { expect: user },
  "GET /api/admin/satisfaction/tickets/:id": { expect: scoped },
  "PUT /api/t/:token/rating": {
    expect: { anon: 404, suspended: 404, staffLimited: 404, staffAll: 404, admin: 404 },
    body: { rating: "good" },
  },
};

/** Concrete routes of the app: method + path, middleware (`ALL`) left out. */
export function routeKeys(routes: { method: string; path: string }[]): string[] {
  return [...new Set(routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`))].sort();
}

export const passes = (expect: Expect, status: number) =>
  expect === "ok" ? status < 500 && ![401, 403, 429].includes(status) : [expect].flat().includes(status);

/** Tags of the API description: each path prefix belongs to one area (the longest prefix wins). */
export const AREAS: { tag: string; description: string; prefixes: string[] }[] = [
  {
    tag: "Account",
    description: "Sign-in, sign-out, password recovery, the profile and its sessions.",
    prefixes: ["/api/login", "/api/logout", "/api/auth"],
  },
  {
    tag: "API tokens",
    description: "Personal tokens sent as `Authorization: Bearer`; admins can list and revoke anyone's.",
    prefixes: ["/api/auth/tokens", "/api/admin/api-tokens"],
  },
  {
    tag: "Public portal",
    description: "What requesters use without an account: lists, submission, tracking, notes and files.",
    prefixes: ["/api/public", "/api/tickets", "/api/attachments"],
  },
  {
    tag: "Requester link",
    description:
      "The requester's own ticket behind its private link, and their tickets behind a mailed link.",
    prefixes: ["/api/t", "/api/my-tickets"],
  },
  {
    tag: "Tickets",
    description: "The staff queue, within each user's scope.",
    prefixes: [
      "/api/admin/tickets",
      "/api/admin/attachments",
      "/api/admin/field-values",
      "/api/admin/requesters",
    ],
  },
  {
    tag: "Help articles",
    description: "The knowledge base: portal search, suggestions and deflections; articles for staff.",
    prefixes: ["/api/help", "/api/admin/kb"],
  },
  {
    tag: "Satisfaction",
    description: "Requesters' answers to \"How did we do?\" within the viewer's scope.",
    prefixes: ["/api/admin/satisfaction"],
  },
  {
    tag: "Reports",
    description: "Figures over a range of office days within the viewer's scope, as JSON or CSV.",
    prefixes: ["/api/admin/reports"],
  },
  { tag: "Saved views", description: "Each user's saved queue views.", prefixes: ["/api/admin/views"] },
  {
    tag: "Tags",
    description: "Ticket tags: the list staff pick from; renaming, merging and colours (admin only).",
    prefixes: ["/api/admin/tags"],
  },
  {
    tag: "Saved replies",
    description:
      "Replies kept for reuse, one's own and shared (admins manage those), filled in for a ticket.",
    prefixes: ["/api/admin/saved-replies"],
  },
  {
    tag: "Live updates",
    description: "The live event stream and presence.",
    prefixes: ["/api/admin/events"],
  },
  {
    tag: "Notifications",
    description: "The signed-in agent's notifications, what they are told of, and when they are away.",
    prefixes: ["/api/admin/notifications"],
  },
  {
    tag: "Dashboard",
    description: "Weather and the daily summary.",
    prefixes: ["/api/admin/weather", "/api/admin/ai-summary"],
  },
  { tag: "Users", description: "Staff accounts (admin only).", prefixes: ["/api/admin/users"] },
  { tag: "Lists", description: "The configurable lists (admin only).", prefixes: ["/api/admin/config"] },
  {
    tag: "E-mail",
    description: "E-mail routing rules, the outbox and mail settings (admin only).",
    prefixes: ["/api/admin/config/email-routing", "/api/admin/mail"],
  },
  {
    tag: "Sign-in security",
    description: "Whether every staff member must use a second factor (admin only).",
    prefixes: ["/api/admin/security"],
  },
  {
    tag: "Portal",
    description: "How much public tracking shows to someone with only a number or an address (admin only).",
    prefixes: ["/api/admin/portal"],
  },
  {
    tag: "Single sign-on",
    description:
      "Sign-in through OpenID Connect providers and an LDAP directory, and their settings (admin only).",
    prefixes: ["/api/sso", "/api/admin/sso"],
  },
  {
    tag: "Service levels",
    description: "Business hours, holidays and response and resolution targets per priority (admin only).",
    prefixes: ["/api/admin/service-levels"],
  },
  {
    tag: "Integrations",
    description: "Webhooks: signed deliveries of ticket events, their secrets and delivery log (admin only).",
    prefixes: ["/api/admin/webhooks"],
  },
  {
    tag: "Automation",
    description:
      "Rules that act on tickets when they are created, changed or answered by the requester (admin only).",
    prefixes: ["/api/admin/automations"],
  },
  { tag: "Audit", description: "The audit log (admin only).", prefixes: ["/api/admin/audit-logs"] },
  {
    tag: "Custom fields",
    description: "Fields added to the ticket form per request type: staff read them, admins change them.",
    prefixes: ["/api/admin/custom-fields"],
  },
  {
    tag: "API description",
    description: "This document and its interactive reference.",
    prefixes: ["/api/openapi.json", "/api/docs"],
  },
];

/** The area of a path, or undefined for a path no area claims. */
export function areaOf(path: string): string | undefined {
  let best: { tag: string; length: number } | undefined;
  for (const area of AREAS)
    for (const prefix of area.prefixes)
      if ((path === prefix || path.startsWith(`${prefix}/`)) && prefix.length > (best?.length ?? -1))
        best = { tag: area.tag, length: prefix.length };
  return best?.tag;
}

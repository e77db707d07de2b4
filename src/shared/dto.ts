// Response shapes shared by routes and islands. Dates travel as ISO strings.
import type { Role } from "./constants";

export type AuthUser = {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  status: "active" | "suspended";
  allowedDepartments: string[];
  allowedCompanies: string[];
  canViewAllTickets: boolean;
  /** Signed in with a temporary password: the admin API answers 403 until it is changed. */
  mustChangePassword: boolean;
  /** Signs in with a code from an authenticator app after the password. */
  twoFactorEnabled: boolean;
  /** Two-factor sign-in is required here and not set up yet: the admin API answers 403 until it is. */
  mustEnrolTwoFactor: boolean;
  /** Invited and not yet accepted: the user has no password of their own. */
  invitedAt: string | null;
  /** The language chosen in Profile; null follows the browser and the office default. */
  language: string | null;
  createdAt: string;
  updatedAt: string;
};
export type UserDto = AuthUser;

/** A personal API token as listed: never its value, only a recognisable prefix. */
export type ApiTokenDto = {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  /** In the admins' list of everyone's tokens. */
  userEmail?: string;
};

/** One signed-in session as its owner sees it on the profile. */
export type SessionDto = {
  id: string;
  current: boolean;
  device: string;
  ip: string | null;
  signedInAt: string;
  lastSeenAt: string;
  expiresAt: string;
};

export type TicketDto = {
  id: number;
  ticketId: string;
  userId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  date: string | null;
  time: string | null;
  companyId: number | null;
  companyName: string;
  location: string | null;
  department: string;
  ticketType: string;
  priority: string;
  description: string;
  status: string;
  assignedTo: string | null;
  /** Tag names as shown, in the order they were added. */
  tags: string[];
  /** The ticket's id (not its public id) it was merged into, or null. */
  mergedInto: number | null;
  /** How the ticket reached the desk. */
  channel: "portal" | "email" | "phone" | "walk-in" | "staff";
  /** Bumped by every change; sent back in If-Match so a write from a stale view is refused (409). */
  version: number;
  /** Who made the last change from the dashboard, if anyone. */
  updatedBy: number | null;
  createdAt: string;
  updatedAt: string;
  processedAt: string | null;
  completedAt: string | null;
  /** Service-level clocks on business hours (null on tickets opened before they existed). */
  firstResponseDueAt: string | null;
  firstResponseSoonAt: string | null;
  firstRespondedAt: string | null;
  resolutionDueAt: string | null;
  resolutionSoonAt: string | null;
  /** The earliest due time of a clock still running (null when none runs): what the queue sorts by due. */
  nextDueAt: string | null;
};

/** Public view: contact details masked, so ids cannot be walked to harvest them. */
export type PublicTicketDto = Omit<
  TicketDto,
  "assignedTo" | "tags" | "mergedInto" | "channel" | "userId" | "updatedBy" | "version" | SlaField
>;
/** Internal service-level clocks: staff see them, requesters do not. */
type SlaField =
  | "firstResponseDueAt"
  | "firstResponseSoonAt"
  | "firstRespondedAt"
  | "resolutionDueAt"
  | "resolutionSoonAt"
  | "nextDueAt";

export type NoteDto = {
  id: number;
  ticketId: number;
  userId: number | null;
  userEmail: string | null;
  userName: string | null;
  note: string;
  isInternal: boolean;
  /** "email" when the requester wrote it as a reply by e-mail. */
  source: "web" | "email";
  /** Written by a signed-in user; set by the server only, so a visitor cannot pose as staff. */
  fromStaff: boolean;
  /** Staff only: an e-mailed reply held because its sender is unverified, and why. */
  unverifiedReason?: string | null;
  /** Staff only: minutes the author spent, when they said. */
  minutesSpent?: number | null;
  /** In the answer to a new note: names it mentioned who cannot see the ticket, so were not told. */
  notMentioned?: string[];
  createdAt: string;
};

export type AttachmentDto = {
  id: number;
  ticketId: number;
  userId: number | null;
  userEmail: string | null;
  userName: string | null;
  fileName: string;
  originalName: string;
  fileSize: number;
  mimeType: string;
  isInternal: boolean;
  createdAt: string;
};

export type ConfigItemDto = {
  id: number;
  name: string;
  label?: string;
  icon?: string;
  isActive: boolean;
  color: string;
  bgColor?: string | null;
  textColor?: string | null;
  position: number;
  isSystem?: boolean;
  createdAt: string;
  updatedAt: string;
};

export type PublicConfig = {
  departments: { name: string; label: string }[];
  types: { name: string; label: string; icon: string }[];
  priorities: { name: string; label: string; color: string }[];
  companies: { id: number; name: string }[];
};

export type TicketStats = {
  total: number;
  open: number;
  inProgress: number;
  completed: number;
  burnt: number;
  /** Running service-level clocks past due / in their last quarter, counted up to the list's count cap. */
  breached: number;
  dueSoon: number;
  /** Tickets per configured active status, in the list's order (zero included). */
  byStatus: { name: string; label: string; count: number }[];
};

export type TodaySummary = {
  newTickets: number;
  solvedTickets: number;
  newTicketsList: TicketDto[];
  solvedTicketsList: TicketDto[];
};

export type WeatherDto = { condition: string; temp: string; location: string; code?: number };
/** The dashboard's weather: the reading, or why there is none (the provider unreachable, the card off). */
export type WeatherAnswer = WeatherDto | { unavailable: true; message: string } | { off: true };
export type AiSummaryDto = {
  summary: string;
  highlights: string[];
  trends: string[];
  recommendations: string[];
  source?: "ai" | "built-in";
  generatedAt?: string;
};

export type AuditLogDto = {
  id: number;
  userId: number | null;
  userEmail: string | null;
  userFirstName: string | null;
  userLastName: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  oldValue: unknown;
  newValue: unknown;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
};

export type EmailRoutingDto = {
  id: number;
  name: string;
  emailAddresses: string;
  conditionType: "all" | "department" | "company" | "both" | "type" | "type_company";
  departmentId: number | null;
  companyId: number | null;
  typeId: number | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
};

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Mail outbox state shown on the Email tab. */
export type OutboxStatusDto = {
  smtpConfigured: boolean;
  pending: number;
  sent: number;
  failed: number;
  /** Stale receipts not sent when sending resumed, and those that would be dropped now. */
  dropped: number;
  staleWaiting: number;
  lastError: string | null;
  /** Messages with a link held until the help desk's public address is set. */
  heldForAddress: number;
};

/** Settings → Email: which e-mails go to the requester, and whether staff hear of their replies. */
export type MailSettingsDto = {
  confirmation: boolean;
  staffReply: boolean;
  completed: boolean;
  burnt: boolean;
  notifyStaffOnReply: boolean;
};

/** A ticket as its requester sees it through their private link. */
export type RequesterViewDto = {
  ticket: Omit<PublicTicketDto, "id" | "companyId" | "date" | "time">;
  notes: {
    id: number;
    note: string;
    userName: string | null;
    /** Written by a signed-in staff member: shown with a staff badge nobody else can set. */
    fromStaff: boolean;
    source: "web" | "email";
    createdAt: string;
  }[];
  attachments: Omit<AttachmentDto, "userEmail">[];
  /** The answer to "How did we do?", once given; asked for while the ticket is completed. */
  rating: {
    rating: "good" | "okay" | "bad";
    comment: string | null;
    ratedAt: string;
    changeableUntil: string;
  } | null;
  /** The ticket's public custom fields that hold a value, as people read them. */
  customFields: { label: string; value: string }[];
};

export type InboundStatusDto = {
  lastPollAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  /** Messages stored as notes or new tickets since the server started reading. */
  processed: number;
};

export type MailHealthDto = {
  outbound: OutboxStatusDto;
  inbound: InboundStatusDto & { configured: boolean; skippedLastWeek: number };
};

/** A ticket event on the live stream: what changed, and the ticket's current values when it still is in view. */
export type LiveTicketEvent = {
  kind: "created" | "changed" | "removed" | "deleted" | "note" | "file";
  ticketId: number;
  fields?: string[];
  ticket?: TicketDto;
};

/** Who else has a ticket open (names only). */
export type PresenceEvent = { ticketId: number; viewers: { id: number; name: string }[] };

/** The signed-in user's second factor, as the profile shows it. */
export type TwoFactorStatusDto = { enabled: boolean; recoveryCodesLeft: number; required: boolean };

/** The password was right and a code is needed: no session yet, only this short-lived, single-use step. */
export type SecondFactorChallengeDto = { twoFactorRequired: true; challenge: string; expiresAt: string };

/** Public tracking: "open" shows masked tickets by number; "verified" shows a number's status only. */
export type TrackingMode = "verified" | "open";
/** A ticket as a stranger with its number sees it in verified mode: status and times, requester masked. */
export type TrackedTicketDto = {
  ticketId: string;
  status: string;
  ticketType: string;
  createdAt: string;
  updatedAt: string;
  requester: string;
};
/** A verified-mode search: by number the status; by e-mail or phone only the message (a link was mailed). */
export type VerifiedSearchDto = { mode: "verified"; tickets: TrackedTicketDto[]; message: string | null };
/** Settings → Portal; `setByEnvironment` when PUBLIC_TRACKING decides and the setting is read-only. */
export type PortalSettingsDto = { tracking: TrackingMode; setByEnvironment: boolean };
/** The address links in e-mails start with; `setByEnvironment` when PUBLIC_URL decides. */
export type PublicAddressDto = { publicUrl: string | null; setByEnvironment: boolean; heldMail: number };
/** The "My tickets" page: one address's tickets while its e-mailed link lasts. */
export type MyTicketsDto = {
  email: string;
  expiresAt: string;
  tickets: (Omit<TrackedTicketDto, "requester"> & { summary: string })[];
};

/** One entry of an agent's bell. */
export type NotificationDto = {
  id: number;
  kind: import("./notification-text").NotificationKind;
  /** The ticket's row id and its public id. */
  ticketId: number;
  ticketRef: string;
  actorName: string | null;
  createdAt: string;
  read: boolean;
};

// Business constants shared by server and islands.
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Files accepted in one public submission upload ("several" files per submission). */
export const MAX_FILES_PER_SUBMISSION = 10;
export const PUBLIC_UPLOAD_EXTENSIONS = [
  ".pdf",
  ".doc",
  ".docx",
  ".txt",
  ".jpg",
  ".jpeg",
  ".png",
  ".gif",
  ".zip",
  ".rar",
];
export const STAFF_UPLOAD_EXTENSIONS = [
  ".jpg",
  ".jpeg",
  ".png",
  ".gif",
  ".webp",
  ".pdf",
  ".doc",
  ".docx",
  ".xls",
  ".xlsx",
  ".txt",
  ".csv",
];
export const PASSWORD_MIN = 6;
export const DESCRIPTION_MIN = 10;
export const TICKET_PAGE_SIZE = 100;
export const DASHBOARD_LIMIT = 1000;
export const AUDIT_PAGE_SIZE = 50;
export const COPY_CONFIRM_MS = 2000;
export const RELOGIN_DELAY_MS = 500;
export const GREETING_REFRESH_MS = 60_000;
export const WEATHER_CACHE_MS = 30 * 60_000;
export const AI_SUMMARY_CACHE_MS = 5 * 60_000;

export const TICKET_STATUSES = ["open", "in_progress", "completed", "burnt"] as const;
export const STATUS_LABELS: Record<string, string> = {
  open: "Open",
  in_progress: "In Progress",
  completed: "Completed",
  burnt: "Burnt",
};

export const ROLES = ["admin", "staff"] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_DESCRIPTIONS: Record<Role, string> = { admin: "Full Access", staff: "Limited Access" };

export const CONFIG_KINDS = ["statuses", "departments", "types", "priorities", "companies"] as const;
export type ConfigKindName = (typeof CONFIG_KINDS)[number];

/** Colour palette: light background and dark text per colour. Literal class names so Tailwind keeps them. */
const PALETTE = {
  gray: { bg: "bg-gray-100", text: "text-gray-800", dot: "bg-gray-500" },
  red: { bg: "bg-red-100", text: "text-red-800", dot: "bg-red-500" },
  yellow: { bg: "bg-yellow-100", text: "text-yellow-800", dot: "bg-yellow-500" },
  green: { bg: "bg-green-100", text: "text-green-800", dot: "bg-green-500" },
  blue: { bg: "bg-blue-100", text: "text-blue-800", dot: "bg-blue-500" },
  indigo: { bg: "bg-indigo-100", text: "text-indigo-800", dot: "bg-indigo-500" },
  purple: { bg: "bg-purple-100", text: "text-purple-800", dot: "bg-purple-500" },
  pink: { bg: "bg-pink-100", text: "text-pink-800", dot: "bg-pink-500" },
  orange: { bg: "bg-orange-100", text: "text-orange-800", dot: "bg-orange-500" },
} as const;
export type PaletteColor = keyof typeof PALETTE;
export const PALETTE_COLORS = Object.keys(PALETTE) as PaletteColor[];
export function paletteOf(color: string | null | undefined) {
  return PALETTE[(color ?? "gray") as PaletteColor] ?? PALETTE.gray;
}

export const DEFAULT_DEPARTMENTS = [
  "IT",
  "Human Resources",
  "Finance",
  "Operations",
  "Sales",
  "Marketing",
  "Legal",
];
export const DEFAULT_TYPES = [
  { name: "IT", icon: "monitor", color: "blue" },
  { name: "Licensing", icon: "tag", color: "purple" },
  { name: "Supplies", icon: "package", color: "green" },
  { name: "Services", icon: "wrench", color: "orange" },
] as const;
export const DEFAULT_PRIORITIES = [
  { name: "low", label: "Low", color: "blue" },
  { name: "medium", label: "Medium", color: "yellow" },
  { name: "high", label: "High", color: "orange" },
  { name: "urgent", label: "Urgent", color: "red" },
] as const;
export const DEFAULT_STATUSES = [
  { name: "open", label: "Open", color: "blue" },
  { name: "in_progress", label: "In Progress", color: "yellow" },
  { name: "completed", label: "Completed", color: "green" },
  { name: "burnt", label: "Burnt", color: "red" },
  { name: "waiting_on_requester", label: "Waiting on requester", color: "purple" },
] as const;
/** The built-in status whose resolution clock stands still until the requester answers. */
export const WAITING_STATUS = "waiting_on_requester";

export const EMAIL_CONDITION_TYPES = [
  "all",
  "department",
  "company",
  "both",
  "type",
  "type_company",
] as const;

export const AUDIT_ENTITY_TYPES = [
  "ticket",
  "user",
  "auth",
  "status",
  "department",
  "type",
  "priority",
  "company",
  "note",
  "attachment",
  "email_routing",
  "webhook",
  "sign_in_settings",
] as const;
export const AUDIT_ACTIONS = [
  "created",
  "updated",
  "deleted",
  "status_changed",
  "assigned",
  "login",
  "logout",
  "password_changed",
  "role_changed",
  "profile_updated",
  "password_reset_requested",
  "password_reset",
  "temporary_password_set",
  "sessions_revoked",
  "api_token_created",
  "api_token_revoked",
  "secret_rotated",
  "test_sent",
  "two_factor_enabled",
  "two_factor_disabled",
  "two_factor_reset",
  "password_confirmed",
  "recovery_codes_regenerated",
  "sso_login",
  "sso_failed",
  "sso_provisioned",
  "sso_revoked",
] as const;

/** How long a staff reply or status e-mail to the requester waits in the outbox, so it can be undone. */
export const MAIL_UNDO_MS = 5_000;

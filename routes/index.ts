import { Hono } from "hono";
import type { AppEnv } from "../src/http/env";
import { requireOwnPassword, requireSecondFactor, requireUser } from "../src/http/auth";
import { authApi } from "./api/auth";
import { publicConfigApi } from "./api/public-config";
import { ticketsApi } from "./api/tickets";
import { attachmentsApi } from "./api/attachments";
import { adminTicketsApi } from "./api/admin-tickets";
import { adminQueueApi } from "./api/admin-tickets-queue";
import { adminViewsApi } from "./api/admin-views";
import { adminAttachmentsApi } from "./api/admin-attachments";
import { adminUsersApi } from "./api/admin-users";
import { adminConfigApi } from "./api/admin-config";
import { adminEmailRoutingApi } from "./api/admin-email-routing";
import { adminAuditApi } from "./api/admin-audit";
import { adminDashboardApi } from "./api/admin-dashboard";
import { requesterApi } from "./api/requester";
import { adminMailApi } from "./api/admin-mail";
import { adminApiTokensApi, apiTokensApi } from "./api/api-tokens";
import { adminEventsApi } from "./api/admin-events";
import { adminWebhooksApi } from "./api/admin-webhooks";
import { adminAutomationsApi } from "./api/admin-automations";
import { adminSecurityApi, twoFactorApi } from "./api/two-factor";
import { adminServiceLevelsApi } from "./api/admin-service-levels";
import { myTicketsApi } from "./api/my-tickets";
import { adminPortalApi } from "./api/admin-portal";
import { adminUnverifiedApi } from "./api/admin-unverified";
import { adminSsoApi, ssoApi } from "./api/sso";
import { helpApi } from "./api/help";
import { adminKbApi } from "./api/admin-kb";
import { adminSatisfactionApi } from "./api/admin-satisfaction";
import { adminReportsApi } from "./api/admin-reports";
import { adminTagsApi, adminTagsManageApi, adminTicketTagsApi } from "./api/admin-tags";
import { adminSavedRepliesApi } from "./api/admin-saved-replies";
import { adminTicketMergeApi } from "./api/admin-ticket-merge";
import { adminTicketLinksApi } from "./api/admin-ticket-links";
import { adminTicketPageApi } from "./api/admin-ticket-page";
import { adminRequestersApi } from "./api/admin-requesters";
import { adminCustomFieldsApi } from "./api/admin-custom-fields";
import { adminFieldValuesApi, adminTicketFieldsApi } from "./api/admin-ticket-fields";
import { adminNotificationsApi } from "./api/admin-notifications";
import { adminTicketFollowApi } from "./api/admin-ticket-follow";

/** Every JSON route, mounted once; guards by mount point, so no route can forget its own. */
export const api = new Hono<AppEnv>()
  .use("/admin/*", requireUser, requireOwnPassword, requireSecondFactor)
  .route("/", authApi)
  .route("/auth/tokens", apiTokensApi)
  .route("/auth/two-factor", twoFactorApi)
  .route("/sso", ssoApi)
  .route("/public/config", publicConfigApi)
  .route("/tickets", ticketsApi)
  .route("/attachments", attachmentsApi)
  .route("/t", requesterApi)
  .route("/my-tickets", myTicketsApi)
  .route("/admin/tickets", adminQueueApi) // before /:id, which would take "export.csv" for an id
  .route("/admin/tickets", adminTicketsApi)
  .route("/admin/tickets", adminUnverifiedApi)
  .route("/admin/tickets", adminTicketFieldsApi)
  .route("/admin/field-values", adminFieldValuesApi)
  .route("/admin/custom-fields", adminCustomFieldsApi)
  .route("/admin/views", adminViewsApi)
  .route("/admin/attachments", adminAttachmentsApi)
  .route("/admin/users", adminUsersApi)
  .route("/admin/config/email-routing", adminEmailRoutingApi)
  .route("/admin/config", adminConfigApi)
  .route("/admin/audit-logs", adminAuditApi)
  .route("/admin/mail", adminMailApi)
  .route("/admin/api-tokens", adminApiTokensApi)
  .route("/admin/events", adminEventsApi)
  .route("/admin/webhooks", adminWebhooksApi)
  .route("/admin/security", adminSecurityApi)
  .route("/admin/service-levels", adminServiceLevelsApi)
  .route("/admin/portal", adminPortalApi)
  .route("/admin/sso", adminSsoApi)
  .route("/help", helpApi)
  .route("/admin/kb", adminKbApi)
  .route("/admin/satisfaction", adminSatisfactionApi)
  .route("/admin/reports", adminReportsApi)
  .route("/admin/tickets", adminTicketTagsApi)
  .route("/admin/tickets", adminTicketMergeApi)
  .route("/admin/tickets", adminTicketLinksApi)
  .route("/admin/tickets", adminTicketPageApi)
  .route("/admin/requesters", adminRequestersApi)
  .route("/admin/tags", adminTagsApi)
  .route("/admin/tags", adminTagsManageApi)
  .route("/admin/saved-replies", adminSavedRepliesApi)
  .route("/admin/automations", adminAutomationsApi)
  .route("/admin/notifications", adminNotificationsApi)
  .route("/admin/tickets", adminTicketFollowApi)
  .route("/admin", adminDashboardApi); // /admin/weather, /admin/ai-summary;

/** @public The API's route types, for a typed client (`hc<AppType>` from hono/client). */
export type AppType = typeof api;

import { ticketEn } from "./ticket/en";
import { queue2En } from "./queue2/en";
import { settingsEn } from "./settings/en";
import { accessEn } from "./access/en";
import { rulesEn } from "./rules/en";
import { mailEn } from "./mail/en";

/** The staff area's texts, a chunk of their own: the portal never loads them. */
const en = {
  ...ticketEn,
  ...settingsEn,
  ...accessEn,
  ...rulesEn,
  ...mailEn,
  "staff.title.admin": "Admin Dashboard",
  "staff.title.staff": "Tickets",
  "staff.title.ticket": "Ticket {ticketId}",
  "staff.title.reports": "Reports",
  "staff.title.profile": "Profile",
  "staff.welcome": "Welcome back, {name}",
  "staff.nav": "Staff pages",
  "staff.reports": "Reports",
  "staff.accountMenu": "Account menu",
  "staff.myAccount": "My Account",
  "staff.profile": "Profile",
  "staff.dashboard": "Dashboard",
  "staff.signOut": "Sign Out",
  "staff.tab.dashboard": "Dashboard",
  "staff.tab.settings": "Settings",
  "queue.view.kanban": "Kanban",
  "queue.view.list": "List",
  "queue.view.grid": "Grid",
  "queue.sort.created": "Created",
  "queue.sort.updated": "Updated",
  "queue.sort.priority": "Priority",
  "queue.sort.status": "Status",
  "queue.sort.due": "Due",
  "queue.sortBy": "Sort by",
  "queue.order": "Sort order",
  "queue.desc": "Descending",
  "queue.asc": "Ascending",
  "queue.compact": "Compact",
  "queue.export": "Export CSV",
  "queue.view": "View",
  "staff.bell": "Notifications",
  "staff.bellUnread": "Notifications, {count} unread",
  "staff.bellReadAll": "Mark all as read",
  "staff.bellEmpty": "No notifications yet",
  "list.col.id": "ID",
  "list.col.priority": "Priority",
  "list.col.description": "Description",
  "list.col.submitter": "Submitter",
  "list.col.company": "Company",
  "list.col.contact": "Contact",
  "list.col.type": "Type",
  "list.col.status": "Status",
  "list.col.assigned": "Assigned",
  "list.col.time": "Time Tracking",
  "list.col.actions": "Actions",
  "list.selectAll": "Select all shown tickets",
  "list.select": "Select {ticketId}",
  "list.statusOf": "Status of {ticketId}",
  "list.view": "View ticket {ticketId}",
  "list.none": "No tickets",
  "ticket.queueNav": "Queue",
  "ticket.back": "Back to queue",
  "ticket.previous": "Previous",
  "ticket.next": "Next",
  ...queue2En,
};

export default en;
export type StaffKey = keyof typeof en;
export type StaffCatalog = Record<StaffKey, string>;

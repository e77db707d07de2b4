/** The staff area's texts, a chunk of their own: the portal never loads them. */
const en = {
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
};

export default en;
export type StaffKey = keyof typeof en;
export type StaffCatalog = Record<StaffKey, string>;

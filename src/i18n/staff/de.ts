import type { StaffCatalog } from "./en";

const de: StaffCatalog = {
  "staff.title.admin": "Admin-Dashboard",
  "staff.title.staff": "Tickets",
  "staff.title.ticket": "Ticket {ticketId}",
  "staff.title.reports": "Berichte",
  "staff.title.profile": "Profil",
  "staff.welcome": "Willkommen zurück, {name}",
  "staff.nav": "Seiten für Mitarbeitende",
  "staff.reports": "Berichte",
  "staff.accountMenu": "Kontomenü",
  "staff.myAccount": "Mein Konto",
  "staff.profile": "Profil",
  "staff.dashboard": "Dashboard",
  "staff.signOut": "Abmelden",
};

export default de;

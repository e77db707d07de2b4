import type { StaffCatalog } from "./en";

const fr: StaffCatalog = {
  "staff.title.admin": "Tableau de bord d’administration",
  "staff.title.staff": "Tickets",
  "staff.title.ticket": "Ticket {ticketId}",
  "staff.title.reports": "Rapports",
  "staff.title.profile": "Profil",
  "staff.welcome": "Bon retour, {name}",
  "staff.nav": "Pages de l’équipe",
  "staff.reports": "Rapports",
  "staff.accountMenu": "Menu du compte",
  "staff.myAccount": "Mon compte",
  "staff.profile": "Profil",
  "staff.dashboard": "Tableau de bord",
  "staff.signOut": "Se déconnecter",
};

export default fr;

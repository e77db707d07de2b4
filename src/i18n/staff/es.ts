import type { StaffCatalog } from "./en";

const es: StaffCatalog = {
  "staff.title.admin": "Panel de administración",
  "staff.title.staff": "Tickets",
  "staff.title.ticket": "Ticket {ticketId}",
  "staff.title.reports": "Informes",
  "staff.title.profile": "Perfil",
  "staff.welcome": "Bienvenido de nuevo, {name}",
  "staff.nav": "Páginas del equipo",
  "staff.reports": "Informes",
  "staff.accountMenu": "Menú de la cuenta",
  "staff.myAccount": "Mi cuenta",
  "staff.profile": "Perfil",
  "staff.dashboard": "Panel",
  "staff.signOut": "Cerrar sesión",
};

export default es;

import { boot } from "../boot";
import { staffCatalogs } from "../../src/i18n/staff-chunks";

// Sign-in, dashboard and profile share React and the admin UI; each island is its own lazy chunk.
void boot(
  {
    Login: () => import("../Login"),
    PasswordRecovery: () => import("../PasswordRecovery"),
    AdminDashboard: () => import("../AdminDashboard"),
    TicketPage: () => import("../TicketPage"),
    Profile: () => import("../Profile"),
    Reports: () => import("../Reports"),
  },
  staffCatalogs,
);

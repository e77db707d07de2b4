import type { ComponentProps } from "react";
import AdminDashboard from "./AdminDashboard";
import Login from "./Login";
import PasswordRecovery from "./PasswordRecovery";
import Portal from "./Portal";
import Profile from "./Profile";
import RequesterTicket from "./RequesterTicket";
import MyTickets from "./MyTickets";
import Reports from "./Reports";
import TicketPage from "./TicketPage";
import type { IslandName } from "./registry";

export type { IslandName };

/** Eager imports for server rendering; the names must match `islandBundles`. */
export const islandComponents = {
  Portal,
  Login,
  PasswordRecovery,
  AdminDashboard,
  TicketPage,
  Profile,
  RequesterTicket,
  MyTickets,
  Reports,
} satisfies Record<IslandName, (props: never) => unknown>;

/** The props the server renders an island with: exactly those its component declares. */
export type IslandProps<N extends IslandName> = ComponentProps<(typeof islandComponents)[N]>;

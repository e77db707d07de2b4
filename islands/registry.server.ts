import Portal from "./Portal";
import Login from "./Login";
import AdminDashboard from "./AdminDashboard";
import Profile from "./Profile";
import RequesterTicket from "./RequesterTicket";
import type { IslandName } from "./registry";

export type { IslandName };

/** Eager imports for server rendering; the names must match `islandBundles`. */
export const islandComponents: Record<IslandName, (props: never) => unknown> = {
  Portal,
  Login,
  AdminDashboard,
  Profile,
  RequesterTicket,
};

/** Every island, and the browser bundle (islands/entries/<bundle>.tsx) that hydrates it. */
export const islandBundles = {
  Portal: "portal",
  RequesterTicket: "portal",
  MyTickets: "portal",
  Login: "staff",
  PasswordRecovery: "staff",
  AdminDashboard: "staff",
  TicketPage: "staff",
  Profile: "staff",
  Reports: "staff",
} as const;

export type IslandName = keyof typeof islandBundles;
export type BundleName = (typeof islandBundles)[IslandName];
export const BUNDLES: readonly BundleName[] = [...new Set(Object.values(islandBundles))];

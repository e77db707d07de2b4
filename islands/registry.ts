/** Island name → lazy module, for the browser boot (one chunk per island). */
export const islandLoaders = {
  Portal: () => import("./Portal"),
  Login: () => import("./Login"),
  AdminDashboard: () => import("./AdminDashboard"),
  Profile: () => import("./Profile"),
} as const;

export type IslandName = keyof typeof islandLoaders;

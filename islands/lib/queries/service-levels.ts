import { useQuery } from "@tanstack/react-query";
import { api } from "../api";
import { queryKeys } from "../query-keys";
import type { MutationDef } from "./mutation";
import { relogin } from "./relogin";
import type { Body, Json, Routes } from "./routes";

type ServiceLevels = Routes["admin"]["service-levels"];
export type ServiceLevelSettings = Json<ServiceLevels["$get"]>;

export const useServiceLevels = () =>
  useQuery({
    queryKey: queryKeys.serviceLevels,
    queryFn: () => api.get<ServiceLevelSettings>("/api/admin/service-levels"),
  });

// Stored due times keep their promise, so only the settings themselves are read again.
export const saveServiceLevels: MutationDef<Body<ServiceLevels["$put"]>, ServiceLevelSettings> = {
  mutationFn: (body) => api.put("/api/admin/service-levels", body),
  invalidates: [queryKeys.serviceLevels],
  relogin,
};

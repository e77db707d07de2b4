import { useQuery } from "@tanstack/react-query";
import { api } from "../api";
import { queryKeys } from "../query-keys";
import type { MutationDef } from "./mutation";
import type { PortalSettingsDto, TrackingMode } from "../../../src/shared/dto";

export const usePortalSettings = () =>
  useQuery({
    queryKey: queryKeys.portalSettings,
    queryFn: () => api.get<PortalSettingsDto>("/api/admin/portal"),
  });

export const setPortalTracking: MutationDef<{ tracking: TrackingMode }, PortalSettingsDto> = {
  mutationFn: (body) => api.put("/api/admin/portal", body),
  invalidates: [queryKeys.portalSettings],
};

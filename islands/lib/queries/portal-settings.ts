import { useQuery } from "@tanstack/react-query";
import { api } from "../api";
import { queryKeys } from "../query-keys";
import type { MutationDef } from "./mutation";
import type { PortalSettingsDto, PublicAddressDto, TrackingMode } from "../../../src/shared/dto";

export const usePortalSettings = () =>
  useQuery({
    queryKey: queryKeys.portalSettings,
    queryFn: () => api.get<PortalSettingsDto>("/api/admin/portal"),
  });

export const setPortalTracking: MutationDef<{ tracking: TrackingMode }, PortalSettingsDto> = {
  mutationFn: (body) => api.put("/api/admin/portal", body),
  invalidates: [queryKeys.portalSettings],
};

export const usePublicAddress = () =>
  useQuery({
    queryKey: queryKeys.publicAddress,
    queryFn: () => api.get<PublicAddressDto>("/api/admin/portal/address"),
  });

export const setPublicAddress: MutationDef<{ publicUrl: string }, PublicAddressDto> = {
  mutationFn: (body) => api.put("/api/admin/portal/address", body),
  invalidates: [queryKeys.publicAddress, queryKeys.mailHealth],
};

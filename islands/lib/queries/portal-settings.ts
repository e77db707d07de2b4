import { useQuery } from "@tanstack/react-query";
import { api } from "../api";
import { queryKeys } from "../query-keys";
import type { MutationDef } from "./mutation";
import type { PortalSettingsDto, PublicAddressDto, TrackingMode } from "../../../src/shared/dto";
import type { PhoneRules } from "../../../src/shared/phone";
import type { PortalWording, PortalWordingView } from "../../../src/shared/portal-wording";

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

export const usePhoneRules = () =>
  useQuery({
    queryKey: queryKeys.phoneRules,
    queryFn: () => api.get<PhoneRules>("/api/admin/portal/phone"),
  });

export const setPhoneRules: MutationDef<PhoneRules, PhoneRules> = {
  mutationFn: (body) => api.put("/api/admin/portal/phone", body),
  invalidates: [queryKeys.phoneRules],
};

export const useWeatherCard = () =>
  useQuery({
    queryKey: queryKeys.weatherCard,
    queryFn: () => api.get<{ enabled: boolean }>("/api/admin/portal/weather"),
  });

export const setWeatherCard: MutationDef<{ enabled: boolean }, { enabled: boolean }> = {
  mutationFn: (body) => api.put("/api/admin/portal/weather", body),
  invalidates: [queryKeys.weatherCard, queryKeys.weather],
};

export const useIdPrefix = () =>
  useQuery({
    queryKey: queryKeys.idPrefix,
    queryFn: () => api.get<{ prefix: string }>("/api/admin/portal/id-prefix"),
  });

export const setIdPrefix: MutationDef<{ prefix: string }, { prefix: string }> = {
  mutationFn: (body) => api.put("/api/admin/portal/id-prefix", body),
  invalidates: [queryKeys.idPrefix],
};

export const usePortalWording = () =>
  useQuery({
    queryKey: queryKeys.portalWording,
    queryFn: () => api.get<PortalWordingView>("/api/admin/portal/wording"),
  });

export const setPortalWording: MutationDef<PortalWording, PortalWordingView> = {
  mutationFn: (body) => api.put("/api/admin/portal/wording", body),
  invalidates: [queryKeys.portalWording],
};

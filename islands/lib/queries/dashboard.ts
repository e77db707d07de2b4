import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../api";
import { queryKeys } from "../query-keys";
import type { Json, Routes } from "./routes";

type Admin = Routes["admin"];
export type AuditPage = Json<Admin["audit-logs"]["$get"]>;

/** Weather and the daily summary come from outside services: a failure shows at once, never retried. */
export const useWeather = () =>
  useQuery({
    queryKey: queryKeys.weather,
    queryFn: () => api.get<Json<Admin["weather"]["$get"]>>("/api/admin/weather"),
    retry: false,
  });
export const useDailySummary = () =>
  useQuery({
    queryKey: queryKeys.aiSummary,
    queryFn: () => api.get<Json<Admin["ai-summary"]["$get"]>>("/api/admin/ai-summary"),
    retry: false,
  });

export const useAuditLogs = (params: Record<string, string | number>) =>
  useQuery({
    queryKey: queryKeys.auditLogs(params),
    queryFn: () => api.get<AuditPage>(`/api/admin/audit-logs${toQuery(params)}`),
    placeholderData: keepPreviousData,
  });

import { useQuery } from "@tanstack/react-query";
import type { ConfigKindName } from "../../../src/shared/constants";
import { api } from "../api";
import { queryKeys } from "../query-keys";
import type { MutationDef } from "./mutation";
import { relogin } from "./relogin";
import type { Body, Json, Routes } from "./routes";

type Kind = Routes["admin"]["config"][":kind"];
type Item = Kind[":id"];
export type ConfigItem = Json<Kind["$get"]>[number];

/** Every item of one list, inactive ones included. */
export const useConfigList = (kind: ConfigKindName) =>
  useQuery({
    queryKey: queryKeys.config(kind),
    queryFn: () => api.get<ConfigItem[]>(`/api/admin/config/${kind}`),
  });

// A list write refetches the full list and the active options the ticket form and filters show.
const keys = (kind: ConfigKindName) => [queryKeys.config(kind), queryKeys.publicConfig(kind)];

export const createConfigItem = (
  kind: ConfigKindName,
): MutationDef<Body<Kind["$post"]>, Json<Kind["$post"]>> => ({
  mutationFn: (body) => api.post(`/api/admin/config/${kind}`, body),
  invalidates: keys(kind),
  relogin,
});
export const updateConfigItem = (
  kind: ConfigKindName,
  id: number,
): MutationDef<Body<Item["$put"]>, Json<Item["$put"]>> => ({
  mutationFn: (body) => api.put(`/api/admin/config/${kind}/${id}`, body),
  invalidates: keys(kind),
  relogin,
});
export const deleteConfigItem = (
  kind: ConfigKindName,
  id: number,
): MutationDef<void, Json<Item["$delete"]>> => ({
  mutationFn: () => api.delete(`/api/admin/config/${kind}/${id}`),
  invalidates: keys(kind),
  relogin,
});
export const reorderConfigItems = (
  kind: ConfigKindName,
): MutationDef<Body<Kind["reorder"]["$post"]>["positions"], Json<Kind["reorder"]["$post"]>> => ({
  mutationFn: (positions) => api.post(`/api/admin/config/${kind}/reorder`, { positions }),
  invalidates: keys(kind),
  relogin,
});

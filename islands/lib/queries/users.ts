import { useQuery } from "@tanstack/react-query";
import { api } from "../api";
import { queryKeys } from "../query-keys";
import type { MutationDef } from "./mutation";
import { relogin } from "./relogin";
import type { Body, Json, Routes } from "./routes";

type Users = Routes["admin"]["users"];
type One = Users[":id"];
export type User = Json<Users["$get"]>[number];

export const useUsers = () =>
  useQuery({ queryKey: queryKeys.users, queryFn: () => api.get<User[]>("/api/admin/users") });

// Every user write refetches the user list; the assignee pickers read a key under it.
export const createUser: MutationDef<Body<Users["$post"]>, Json<Users["$post"]>> = {
  mutationFn: (body) => api.post("/api/admin/users", body),
  invalidates: [queryKeys.users],
  relogin,
};
export const setUserStatus: MutationDef<{ id: number } & Body<One["status"]["$put"]>, User> = {
  mutationFn: ({ id, status }) => api.put(`/api/admin/users/${id}/status`, { status }),
  invalidates: [queryKeys.users],
  relogin,
};
export const setUserRole: MutationDef<{ id: number } & Body<One["role"]["$put"]>, User> = {
  mutationFn: ({ id, role }) => api.put(`/api/admin/users/${id}/role`, { role }),
  invalidates: [queryKeys.users],
  relogin,
};
export const setUserAccess: MutationDef<{ id: number; access: Body<One["access"]["$put"]> }, User> = {
  mutationFn: ({ id, access }) => api.put(`/api/admin/users/${id}/access`, access),
  invalidates: [queryKeys.users],
  relogin,
};
export const setTemporaryPassword: MutationDef<{ id: number; password: string }, { message: string }> = {
  mutationFn: ({ id, password }) => api.put(`/api/admin/users/${id}/temporary-password`, { password }),
  invalidates: [queryKeys.users],
  relogin,
};
export const deleteUser: MutationDef<number, Json<One["$delete"]>> = {
  mutationFn: (id) => api.delete(`/api/admin/users/${id}`),
  invalidates: [queryKeys.users],
  relogin,
};
export const resendInvitation: MutationDef<number, { message: string }> = {
  mutationFn: (id) => api.post(`/api/admin/users/${id}/invitation`, {}),
  invalidates: [queryKeys.users],
  relogin,
};
export const revokeInvitation: MutationDef<number, { message: string }> = {
  mutationFn: (id) => api.delete(`/api/admin/users/${id}/invitation`),
  invalidates: [queryKeys.users],
  relogin,
};

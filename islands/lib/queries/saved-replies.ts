import { useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../api";
import { queryKeys } from "../query-keys";
import type { MutationDef } from "./mutation";
import { relogin } from "./relogin";
import type { Body, Json, Routes } from "./routes";

type Replies = Routes["admin"]["saved-replies"];
export type SavedReply = Json<Replies["$get"]>[number];
export type SavedReplyBody = Body<Replies["$post"]>;
const KEY = ["saved-replies"] as const;

export const useSavedReplies = (q = "") =>
  useQuery({
    queryKey: [...KEY, q],
    queryFn: () => api.get<SavedReply[]>(`/api/admin/saved-replies${toQuery({ q })}`),
  });

/** Fills the reply for a ticket; its status and tags are applied to the ticket at once. */
export const useSavedReplyOn = (
  ticketId: number,
): MutationDef<number, Json<Replies[":id"]["use"]["$post"]>> => ({
  mutationFn: (id) => api.post(`/api/admin/saved-replies/${id}/use`, { ticketId }),
  invalidates: [KEY, queryKeys.tickets.all],
  relogin,
});

export const saveSavedReply: MutationDef<SavedReplyBody & { id?: number }, SavedReply> = {
  mutationFn: ({ id, ...body }) =>
    id ? api.put(`/api/admin/saved-replies/${id}`, body) : api.post("/api/admin/saved-replies", body),
  invalidates: [KEY],
  relogin,
};

export const deleteSavedReply: MutationDef<number, unknown> = {
  mutationFn: (id) => api.delete(`/api/admin/saved-replies/${id}`),
  invalidates: [KEY],
  relogin,
};

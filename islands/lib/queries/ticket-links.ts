import { useQuery } from "@tanstack/react-query";
import { api } from "../api";
import { queryKeys } from "../query-keys";
import type { MutationDef } from "./mutation";
import { relogin } from "./relogin";
import type { Json, Routes } from "./routes";

export type TicketLink = Json<Routes["admin"]["tickets"][":id"]["links"]["$get"]>[number];
const key = (id: number) => [...queryKeys.tickets.detail(id), "links"] as const;

export const useTicketLinks = (id: number) =>
  useQuery({ queryKey: key(id), queryFn: () => api.get<TicketLink[]>(`/api/admin/tickets/${id}/links`) });

/** The open children of a ticket: closing it asks about them first. */
export const openChildren = (links: TicketLink[] | undefined) =>
  (links ?? []).filter((l) => l.kind === "child" && !["completed", "burnt"].includes(l.ticket.status));

export const addTicketLink = (id: number): MutationDef<{ ticket: string; kind: string }, TicketLink[]> => ({
  mutationFn: (body) => api.post(`/api/admin/tickets/${id}/links`, body),
  invalidates: [queryKeys.tickets.all],
  relogin,
});

export const removeTicketLink = (id: number): MutationDef<number, unknown> => ({
  mutationFn: (linkId) => api.delete(`/api/admin/tickets/${id}/links/${linkId}`),
  invalidates: [queryKeys.tickets.all],
  relogin,
});

import { useQuery } from "@tanstack/react-query";
import { api } from "../api";
import { queryKeys } from "../query-keys";
import type { MutationDef } from "./mutation";
import { relogin } from "./relogin";
import type { Body, Json, Routes } from "./routes";

type One = Routes["admin"]["tickets"][":id"];
export type TicketEvent = Json<One["history"]["$get"]>[number];
export type OtherTicket = Json<One["requester-tickets"]["$get"]>[number];
export type TicketEdit = Body<One["$put"]>;

export const useTicketHistory = (id: number) =>
  useQuery({
    queryKey: queryKeys.tickets.history(id),
    queryFn: () => api.get<TicketEvent[]>(`/api/admin/tickets/${id}/history`),
  });
export const useRequesterTickets = (id: number) =>
  useQuery({
    queryKey: queryKeys.tickets.requesterTickets(id),
    queryFn: () => api.get<OtherTicket[]>(`/api/admin/tickets/${id}/requester-tickets`),
  });

/** Any subset of a ticket's fields; `version` is the ticket as the user saw it (409 when it moved on). */
export const editTicket = (
  id: number,
): MutationDef<{ changes: TicketEdit; version: number; previous?: string }, Json<One["$put"]>> => ({
  mutationFn: ({ changes, version }) =>
    api.put(`/api/admin/tickets/${id}`, changes, { "If-Match": `"${version}"` }),
  // the lists, counts and this ticket's history all show the change
  invalidates: [queryKeys.tickets.all],
  refetchOnError: true,
  relogin,
});

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ApiError, api, toQuery } from "../api";
import type { TicketDto } from "../../../src/shared/dto";
import { queryKeys } from "../query-keys";
import { useToast } from "../toast";
import { type HeldMail, useUndoSend } from "../undo-send";
import { type MutationDef, useApiMutation } from "./mutation";
import { relogin } from "./relogin";
import type { Body, Json, Routes } from "./routes";
import { useI18n } from "../../../src/i18n/react";

type Admin = Routes["admin"]["tickets"];
type One = Admin[":id"];
export type TicketPage = Json<Admin["$get"]>;
export type Assignee = Json<Admin["assignees"]["$get"]>[number];
export type TicketQuery = Record<string, string | number | undefined>;

export const useStats = () =>
  useQuery({
    queryKey: queryKeys.tickets.stats,
    queryFn: () => api.get<Json<Admin["stats"]["$get"]>>("/api/admin/tickets/stats"),
  });
export const useBreakdown = (query: TicketQuery) =>
  useQuery({
    queryKey: queryKeys.tickets.breakdown(query),
    queryFn: () => api.get<Json<Admin["breakdown"]["$get"]>>(`/api/admin/tickets/breakdown${toQuery(query)}`),
    placeholderData: keepPreviousData,
  });
export const useToday = () =>
  useQuery({
    queryKey: queryKeys.tickets.today,
    queryFn: () => api.get<Json<Admin["today"]["$get"]>>("/api/admin/tickets/today"),
    retry: false,
  });
export const useAssignees = () =>
  useQuery({
    queryKey: queryKeys.assignees,
    queryFn: () => api.get<Assignee[]>("/api/admin/tickets/assignees"),
  });
export const useTicket = (id: number | null) =>
  useQuery({
    queryKey: queryKeys.tickets.detail(id ?? 0),
    queryFn: () => api.get<Json<One["$get"]>>(`/api/admin/tickets/${id}`),
    enabled: id !== null,
  });

export const deleteTicket = (id: number): MutationDef<Body<One["$delete"]>, Json<One["$delete"]>> => ({
  mutationFn: (body) => api.delete(`/api/admin/tickets/${id}`, body),
  invalidates: [queryKeys.tickets.all],
  relogin,
});

type Field = "status" | "priority" | "assign";
/** `version`: the ticket as the user saw it; a newer one on the server refuses the change (409). */
type Change = {
  id: number;
  field: Field;
  value: string | number | null;
  version?: number;
  failureDetail?: string;
  /** The value before, to go back to with Undo. */
  previous?: string;
};
const FAILURE = {
  status: "Failed to update ticket status",
  priority: "Failed to update ticket priority",
  assign: "Failed to assign ticket",
};
const SUCCESS = {
  status: "Ticket status updated successfully",
  priority: "Ticket priority updated successfully",
  assign: "Ticket assigned successfully",
};
const BODY = { status: "status", priority: "priority", assign: "assignedTo" };

const changeTicket: MutationDef<Change, Json<One["status"]["$put"]>> = {
  mutationFn: (c) =>
    api.put(
      `/api/admin/tickets/${c.id}/${c.field}`,
      { [BODY[c.field]]: c.value },
      c.version === undefined ? undefined : { "If-Match": `"${c.version}"` },
    ),
  // every ticket query: the lists, counts, today's activity and the open detail all show the change
  invalidates: [queryKeys.tickets.all],
  refetchOnError: true,
  relogin,
};

/**
 * Status, priority and assignee changes: one mutation and its success or failure toast.
 * `onStale` takes a refusal of a change made from an out-of-date view (the dialog explains it).
 */
export function useTicketChange(onStale?: (conflict: StaleWrite, change: Change) => void) {
  const toast = useToast();
  const offer = useUndoSend();
  const { message } = useI18n();
  return useApiMutation(changeTicket, {
    onSuccess: (t, c) =>
      offer({ ticketId: c.id, heldMail: heldOf(t), title: message(SUCCESS[c.field]), status: c.previous }),
    onError: (err, c) => {
      const stale = staleWriteOf(err);
      if (stale && onStale) return onStale(stale, c);
      toast({ title: message(FAILURE[c.field]), description: c.failureDetail, variant: "destructive" });
    },
  });
}

const heldOf = (t: unknown) => (t as { heldMail?: HeldMail }).heldMail;

export type StaleWrite = { ticket: TicketDto; changedBy: { id: number; name: string; at: string } | null };
export type TicketChange = Change;
const staleWriteOf = (err: unknown): StaleWrite | null =>
  err instanceof ApiError && err.status === 409 && err.data && "ticket" in err.data
    ? (err.data as unknown as StaleWrite)
    : null;

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, isUnauthorized, toQuery } from "../lib/api";
import { queryKeys } from "../lib/query-keys";
import { useToast } from "../lib/toast";
import type { TicketDto, TicketStats } from "../../src/shared/dto";
import { RELOGIN_DELAY_MS } from "../../src/shared/constants";

export type TicketPage = { tickets: TicketDto[]; total: number };
export type Breakdown = { byType: Record<string, number>; byPriority: Record<string, number> };
export type Assignee = { id: number; email?: string; firstName: string | null; lastName: string | null };
export type ConfigOption = { name: string; label: string; color?: string; id?: number };

export const useTicketPage = (query: Record<string, unknown>) =>
  useQuery({
    queryKey: queryKeys.tickets.list(query),
    queryFn: () => api.get<TicketPage>(`/api/admin/tickets${toQuery(query)}`),
    placeholderData: keepPreviousData,
  });
export const useStats = () =>
  useQuery({
    queryKey: queryKeys.tickets.stats,
    queryFn: () => api.get<TicketStats>("/api/admin/tickets/stats"),
  });
export const useBreakdown = (query: Record<string, unknown>) =>
  useQuery({
    queryKey: [...queryKeys.tickets.all, "breakdown", query],
    queryFn: () => api.get<Breakdown>(`/api/admin/tickets/breakdown${toQuery(query)}`),
    placeholderData: keepPreviousData,
  });
export const useAssignees = () =>
  useQuery({
    queryKey: [...queryKeys.users, "assignable"],
    queryFn: () => api.get<Assignee[]>("/api/admin/tickets/assignees"),
  });
/** Option lists (active items, configured order) from the public config routes. */
export const useOptions = (kind: "departments" | "types" | "priorities" | "companies") =>
  useQuery({
    queryKey: queryKeys.publicConfig(kind),
    queryFn: () => api.get<ConfigOption[]>(`/api/public/config/${kind}`),
  });

/** Spec §8: a 401 shows the re-login toast and goes to the login after 0.5 s; anything else the failure toast. */
export function useFailureToast() {
  const toast = useToast();
  return (err: unknown, title: string, description?: string) => {
    if (isUnauthorized(err)) {
      toast({ title: "You are logged out. Logging in again...", variant: "destructive" });
      setTimeout(
        () => window.location.assign(`/login?redirect=${encodeURIComponent(window.location.pathname)}`),
        RELOGIN_DELAY_MS,
      );
      return;
    }
    toast({ title, description, variant: "destructive" });
  };
}

type Change = {
  id: number;
  field: "status" | "priority" | "assign";
  value: string | number | null;
  failureDetail?: string;
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

/** Status, priority and assignee changes: one mutation, the spec's toasts, every ticket query refreshed. */
export function useTicketChange() {
  const client = useQueryClient();
  const toast = useToast();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: (c: Change) =>
      api.put<TicketDto>(`/api/admin/tickets/${c.id}/${c.field}`, { [BODY[c.field]]: c.value }),
    onSuccess: (_t, c) => toast({ title: SUCCESS[c.field] }),
    onError: (err, c) => fail(err, FAILURE[c.field], c.failureDetail),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.tickets.all }),
  });
}

import { useQuery } from "@tanstack/react-query";
import { api } from "../api";
import { queryKeys } from "../query-keys";
import type { MutationDef } from "./mutation";
import type { CustomFieldDto, FieldValue, FieldValues } from "../../../src/shared/custom-fields";
import type { CustomFieldInput, UpdateCustomFieldInput } from "../../../src/shared/schemas/custom-field";
import { relogin } from "./relogin";

/** Every custom field, active or not (staff read them for filters and the ticket dialog). */
export const useCustomFields = () =>
  useQuery({
    queryKey: queryKeys.customFields,
    queryFn: () => api.get<CustomFieldDto[]>("/api/admin/custom-fields"),
  });

export const createCustomField: MutationDef<CustomFieldInput, CustomFieldDto> = {
  mutationFn: (body) => api.post("/api/admin/custom-fields", body),
  invalidates: [queryKeys.customFields],
};

export const updateCustomField: MutationDef<{ id: number; input: UpdateCustomFieldInput }, CustomFieldDto> = {
  mutationFn: ({ id, input }) => api.put(`/api/admin/custom-fields/${id}`, input),
  invalidates: [queryKeys.customFields],
};

type TicketValues = { values: FieldValues; version: number };

export const useTicketFieldValues = (id: number) =>
  useQuery({
    queryKey: queryKeys.ticketFields(id),
    queryFn: () => api.get<TicketValues>(`/api/admin/tickets/${id}/fields`),
  });

export const saveTicketFields: MutationDef<
  { id: number; values: Record<string, FieldValue | null>; version?: number },
  TicketValues
> = {
  mutationFn: ({ id, values, version }) =>
    api.put(
      `/api/admin/tickets/${id}/fields`,
      { customFields: values },
      version === undefined ? undefined : { "If-Match": `"${version}"` },
    ),
  invalidates: [queryKeys.tickets.all],
  relogin,
};

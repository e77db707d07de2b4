import { useQuery } from "@tanstack/react-query";
import { api } from "../api";
import { queryKeys } from "../query-keys";
import type { MutationDef } from "./mutation";
import type {
  AutomationRuleDto,
  AutomationRuleInput,
  AutomationRunDto,
  DryRunDto,
} from "../../../src/shared/schemas/automation";

const base = "/api/admin/automations";

export const useAutomationRules = () =>
  useQuery({ queryKey: queryKeys.automations, queryFn: () => api.get<AutomationRuleDto[]>(base) });

export const useAutomationRuns = (id: number) =>
  useQuery({
    queryKey: queryKeys.automationRuns(id),
    queryFn: () => api.get<AutomationRunDto[]>(`${base}/${id}/runs`),
  });

export type Preset = { key: string; name: string; rules: AutomationRuleInput[] };
export const fetchPresets = (q: Record<string, string>) =>
  api.get<Preset[]>(`${base}/presets?${new URLSearchParams(q)}`);

export const saveAutomationRule: MutationDef<{ id?: number; input: AutomationRuleInput }, AutomationRuleDto> =
  {
    mutationFn: ({ id, input }) => (id ? api.put(`${base}/${id}`, input) : api.post(base, input)),
    invalidates: [queryKeys.automations],
  };

export const deleteAutomationRule: MutationDef<number, { message: string }> = {
  mutationFn: (id) => api.delete(`${base}/${id}`),
  invalidates: [queryKeys.automations],
};

export const reorderAutomationRules: MutationDef<number[], AutomationRuleDto[]> = {
  mutationFn: (ids) => api.put(`${base}/order`, { ids }),
  invalidates: [queryKeys.automations],
};

export const dryRunAutomationRule: MutationDef<AutomationRuleInput, DryRunDto> = {
  mutationFn: (input) => api.post(`${base}/dry-run`, input),
  invalidates: [],
};

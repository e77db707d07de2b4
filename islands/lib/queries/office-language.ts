import { useQuery } from "@tanstack/react-query";
import { api } from "../api";
import type { MutationDef } from "./mutation";
import type { Language } from "../../../src/i18n/languages";

const KEY = ["settings", "portal", "language"] as const;
type OfficeLanguage = { language: Language };

export const useOfficeLanguage = () =>
  useQuery({ queryKey: KEY, queryFn: () => api.get<OfficeLanguage>("/api/admin/portal/language") });

export const setOfficeLanguage: MutationDef<OfficeLanguage, OfficeLanguage> = {
  mutationFn: (body) => api.put("/api/admin/portal/language", body),
  invalidates: [KEY],
};

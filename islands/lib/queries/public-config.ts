import { useQuery } from "@tanstack/react-query";
import { api } from "../api";
import { queryKeys } from "../query-keys";
import type { Json, Routes } from "./routes";

type Lists = Routes["public"]["config"];
export type ListKind = "departments" | "types" | "priorities" | "companies" | "statuses";
export type PublicList<K extends ListKind> = Json<Lists[K]["$get"]>;
export type PublicLists = { [K in ListKind]: PublicList<K> };

/** One option list of the ticket form (active items in their configured order). */
export const usePublicList = <K extends ListKind>(kind: K, initial?: PublicList<K>) =>
  useQuery({
    queryKey: queryKeys.publicConfig(kind),
    queryFn: () => api.get<PublicList<K>>(`/api/public/config/${kind}`),
    initialData: initial,
  });

/** All four lists; the page's first-paint copy, when given, is shown until a refetch replaces it. */
export function usePublicLists(initial?: PublicLists): Partial<PublicLists> {
  const departments = usePublicList("departments", initial?.departments).data;
  const types = usePublicList("types", initial?.types).data;
  const priorities = usePublicList("priorities", initial?.priorities).data;
  const companies = usePublicList("companies", initial?.companies).data;
  return { departments, types, priorities, companies };
}

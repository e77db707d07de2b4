import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { api } from "../lib/api";
import { queryKeys } from "../lib/query-keys";
import type { FieldValues } from "../../src/shared/custom-fields";

const STORE = "helpdesk.list.fieldColumns";
const PER_REQUEST = 100;

const stored = (): string[] => {
  try {
    const v = JSON.parse(localStorage.getItem(STORE) ?? "[]");
    return Array.isArray(v) ? v.filter((k): k is string => typeof k === "string") : [];
  } catch {
    return [];
  }
};

/** The custom fields this browser shows as List columns, by key, kept in localStorage. */
export function useFieldColumns() {
  const [keys, setKeys] = useState<string[]>([]);
  useEffect(() => setKeys(stored()), []);
  const choose = (next: string[]) => {
    setKeys(next);
    try {
      localStorage.setItem(STORE, JSON.stringify(next));
    } catch {
      // a browser that keeps nothing shows the columns until the page is left
    }
  };
  return [keys, choose] as const;
}

/** The values of the tickets shown, asked for only while a field column is on. */
export function useListFieldValues(ids: number[], enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.tickets.fieldValues(ids),
    enabled: enabled && ids.length > 0,
    queryFn: async () => {
      const chunks = Array.from({ length: Math.ceil(ids.length / PER_REQUEST) }, (_, i) =>
        ids.slice(i * PER_REQUEST, (i + 1) * PER_REQUEST),
      );
      const answers = await Promise.all(
        chunks.map((c) =>
          api.get<{ values: Record<string, FieldValues> }>(`/api/admin/field-values?ids=${c.join(",")}`),
        ),
      );
      return Object.assign({}, ...answers.map((a) => a.values)) as Record<string, FieldValues>;
    },
  });
}

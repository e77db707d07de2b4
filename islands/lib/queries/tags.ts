import { useQuery } from "@tanstack/react-query";
import { api } from "../api";
import { queryKeys } from "../query-keys";
import type { MutationDef } from "./mutation";
import { relogin } from "./relogin";
import type { Json, Routes } from "./routes";
import type { TicketDto } from "../../../src/shared/dto";

export type Tag = Json<Routes["admin"]["tags"]["$get"]>[number];

/** Every tag (the server sends the first 200 by name): autocomplete, colours on cards, Settings. */
export const useTags = () =>
  useQuery({ queryKey: queryKeys.tickets.tags, queryFn: () => api.get<Tag[]>("/api/admin/tags") });

/** A tag's colour by name, any case. */
export const colorOf = (tags: Tag[] | undefined, name: string) =>
  tags?.find((t) => t.name.toLowerCase() === name.toLowerCase())?.color ?? "gray";

export const setTicketTags = (id: number): MutationDef<{ tags: string[]; version: number }, TicketDto> => ({
  mutationFn: ({ tags, version }) =>
    api.put(`/api/admin/tickets/${id}/tags`, { tags }, { "If-Match": `"${version}"` }),
  invalidates: [queryKeys.tickets.all],
  relogin,
});

export const updateTag: MutationDef<{ id: number; name?: string; color?: string }, Tag> = {
  mutationFn: ({ id, ...body }) => api.patch(`/api/admin/tags/${id}`, body),
  invalidates: [queryKeys.tickets.all],
  relogin,
};

export const deleteTag: MutationDef<number, unknown> = {
  mutationFn: (id) => api.delete(`/api/admin/tags/${id}`),
  invalidates: [queryKeys.tickets.all],
  relogin,
};

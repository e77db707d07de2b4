import { useQuery } from "@tanstack/react-query";
import { api } from "../api";
import { queryKeys } from "../query-keys";
import type { MutationDef } from "./mutation";
import { relogin } from "./relogin";
import type { Body, Json, Routes } from "./routes";

// Notes and attachments of one ticket, read and written from either side: the public routes never
// carry internal rows, the staff routes carry all of them (inside the signed-in user's scope).
type Public = Routes["tickets"][":id"];
type Staff = Routes["admin"]["tickets"][":id"];
export type Side = "public" | "staff";
const ROOT = { public: "/api", staff: "/api/admin" };
const base = (side: Side, ticketId: number) => `${ROOT[side]}/tickets/${ticketId}`;

export type Note = Json<Public["notes"]["$get"]>[number] | Json<Staff["notes"]["$get"]>[number];
export type Attachment =
  | Json<Public["attachments"]["$get"]>[number]
  | Json<Staff["attachments"]["$get"]>[number];

export const useNotes = (side: Side, ticketId: number) =>
  useQuery({
    queryKey: queryKeys.tickets.notes(ticketId),
    queryFn: () => api.get<Note[]>(`${base(side, ticketId)}/notes`),
  });
export const useAttachments = (side: Side, ticketId: number) =>
  useQuery({
    queryKey: queryKeys.tickets.attachments(ticketId),
    queryFn: () => api.get<Attachment[]>(`${base(side, ticketId)}/attachments`),
  });

export const addPublicNote = (
  ticketId: number,
): MutationDef<Body<Public["notes"]["$post"]>, Json<Public["notes"]["$post"]>> => ({
  mutationFn: (body) => api.post(`/api/tickets/${ticketId}/notes`, body),
  invalidates: [queryKeys.tickets.notes(ticketId)],
});

/** Staff send the requester their private link again, or a new one that ends every earlier link. */
export const sendTicketLink = (
  ticketId: number,
): MutationDef<Body<Staff["link"]["$post"]>, Json<Staff["link"]["$post"]>> => ({
  mutationFn: (body) => api.post(`/api/admin/tickets/${ticketId}/link`, body),
  invalidates: [],
  relogin,
});

/** One file as the multipart field `file`. */
export const uploadPublicAttachment = (ticketId: number): MutationDef<File, unknown> => ({
  mutationFn: (file) => api.post(`/api/tickets/${ticketId}/attachments`, multipart({ file })),
  invalidates: [queryKeys.tickets.attachments(ticketId)],
});
/** Staff uploads also say whether the file is internal. */
export const uploadStaffAttachment = (
  ticketId: number,
): MutationDef<{ file: File; isInternal: boolean }, Json<Staff["attachments"]["$post"]>> => ({
  mutationFn: ({ file, isInternal }) =>
    api.post(
      `/api/admin/tickets/${ticketId}/attachments`,
      multipart({ file, isInternal: String(isInternal) }),
    ),
  invalidates: [queryKeys.tickets.attachments(ticketId)],
  relogin,
});
const multipart = (fields: Record<string, string | File>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
};
export const deleteAttachment = (
  ticketId: number,
): MutationDef<number, Json<Routes["admin"]["attachments"][":id"]["$delete"]>> => ({
  mutationFn: (id) => api.delete(`/api/admin/attachments/${id}`),
  invalidates: [queryKeys.tickets.attachments(ticketId)],
  relogin,
});

/** Where a file downloads from: the staff route also serves internal files. */
export const downloadHref = (side: Side, attachmentId: number) =>
  `${ROOT[side]}/attachments/${attachmentId}/download`;

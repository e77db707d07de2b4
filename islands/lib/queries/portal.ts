import { api } from "../api";
import type { MutationDef } from "./mutation";
import type { Body, Json, Routes } from "./routes";

type Tickets = Routes["tickets"];
type Created = Json<Tickets["$post"]>;
export type SubmitResult = { created: Created; sent: number; uploadError: unknown };

/** Creates the ticket, then sends the chosen files; a failed upload still leaves the ticket created. */
export const submitTicket: MutationDef<{ payload: Body<Tickets["$post"]>; files: File[] }, SubmitResult> = {
  mutationFn: async ({ payload, files }) => {
    const created = await api.post<Created>("/api/tickets", payload);
    let uploadError: unknown = null;
    if (files.length > 0) {
      const body = new FormData();
      // The ticket goes before the files: the server checks it before it stores a byte of them.
      body.append("ticketId", String(created.id));
      for (const f of files) body.append("files", f);
      await api.post("/api/tickets/upload", body).catch((err) => {
        uploadError = err;
      });
    }
    return { created, sent: uploadError ? 0 : files.length, uploadError };
  },
  invalidates: [],
};

export const searchTickets: MutationDef<
  Body<Tickets["search"]["$post"]>,
  Json<Tickets["search"]["$post"]>
> = {
  mutationFn: (body) => api.post("/api/tickets/search", body),
  invalidates: [],
};

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
      for (const f of files) body.append("files", f);
      // Through the ticket's private link, which works whatever the portal's tracking mode.
      await api.post(`/api${created.privateLink}/attachments`, body).catch((err) => {
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

/** "E-mail me the link": the answer is the same whether or not a link was sent. */
export const sendTicketLink: MutationDef<
  Body<Tickets["send-link"]["$post"]>,
  Json<Tickets["send-link"]["$post"]>
> = {
  mutationFn: (body) => api.post("/api/tickets/send-link", body),
  invalidates: [],
};

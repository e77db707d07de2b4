import type { RequesterViewDto } from "../../../src/shared/dto";
import { api } from "../api";

/** The requester's own ticket behind its private link; every call carries the token in the path. */
const base = (token: string) => `/api/t/${encodeURIComponent(token)}`;

export const requesterApi = {
  reply: (token: string, note: string) => api.post<RequesterViewDto>(`${base(token)}/notes`, { note }),
  upload: (token: string, files: File[]) => {
    const form = new FormData();
    for (const f of files) form.append("files", f);
    return api.post<{ attachments: unknown[] }>(`${base(token)}/attachments`, form);
  },
  view: (token: string) => api.get<RequesterViewDto>(base(token)),
  rate: (token: string, body: { rating: "good" | "okay" | "bad"; comment?: string }) =>
    api.put<RequesterViewDto>(`${base(token)}/rating`, body),
  downloadUrl: (token: string, id: number) => `${base(token)}/attachments/${id}/download`,
};

/** "My tickets": opening one mints a fresh private link to it. */
export const myTicketsApi = {
  open: (token: string, ticketId: string) =>
    api.post<{ privateLink: string }>(`/api/my-tickets/${encodeURIComponent(token)}/open`, { ticketId }),
};

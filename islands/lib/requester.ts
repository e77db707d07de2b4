import type { RequesterViewDto } from "../../src/shared/dto";
import { apiFetch } from "./api";

/** The requester's own ticket behind its private link; every call carries the token in the path. */
const base = (token: string) => `/api/t/${encodeURIComponent(token)}`;

export const requesterApi = {
  reply: (token: string, note: string) =>
    apiFetch<RequesterViewDto>("POST", `${base(token)}/notes`, { note }),
  upload: (token: string, files: File[]) => {
    const form = new FormData();
    for (const f of files) form.append("files", f);
    return apiFetch<{ attachments: unknown[] }>("POST", `${base(token)}/attachments`, form);
  },
  view: (token: string) => apiFetch<RequesterViewDto>("GET", base(token)),
  downloadUrl: (token: string, id: number) => `${base(token)}/attachments/${id}/download`,
};

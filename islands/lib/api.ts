/** A non-OK response raises `${status}: ${body || statusText}`; the parsed body rides along. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: { message?: string; code?: string; errors?: Record<string, string> } | null,
  ) {
    super(message);
  }
}

async function unwrap<T>(res: Response): Promise<T> {
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok)
    throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, data as ApiError["data"]);
  return data as T;
}

type Body = unknown;

/** Same-origin JSON call with the session cookie; FormData bodies go as multipart. */
async function apiFetch<T>(
  method: string,
  path: string,
  body?: Body,
  extra?: Record<string, string>,
): Promise<T> {
  const headers = { Accept: "application/json", ...extra };
  const init: RequestInit = { method, credentials: "same-origin", headers };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)["Content-Type"] = "application/json";
  }
  return unwrap<T>(await fetch(path, init));
}

export const api = {
  get: <T>(path: string) => apiFetch<T>("GET", path),
  post: <T>(path: string, body?: Body) => apiFetch<T>("POST", path, body),
  put: <T>(path: string, body?: Body, headers?: Record<string, string>) =>
    apiFetch<T>("PUT", path, body, headers),
  delete: <T>(path: string, body?: Body) => apiFetch<T>("DELETE", path, body),
  patch: <T>(path: string, body?: Body) => apiFetch<T>("PATCH", path, body),
};

/** An object becomes query-string parameters, leaving out null, undefined, '' and 'all'. */
export function toQuery(params: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    // "all" as a value means no filter, except as the tags mode, where it means every tag
    if (v === null || v === undefined || v === "" || (v === "all" && k !== "tagsMode")) continue;
    q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** The server's message for a toast, else the given fallback text. */
export function serverMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.data?.message ? err.data.message : fallback;
}

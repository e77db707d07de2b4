// Test-only builders for the public portal's API tests.
import type { TestApp } from "../testing/test-app";

export const validTicket = (over: Record<string, unknown> = {}) => ({
  firstName: "Jane",
  lastName: "Doe",
  email: "Jane.Doe@Example.com",
  phone: "555-123-4567",
  location: "Room 12",
  companyId: 1,
  companyName: "Main Office",
  department: "IT",
  ticketType: "IT",
  priority: "high",
  description: "My laptop will not start after the update.",
  ...over,
});

export async function submit(t: TestApp, over: Record<string, unknown> = {}) {
  const res = await t.request("/api/tickets", { json: validTicket(over) });
  if (res.status !== 201) throw new Error(`submit failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: number; ticketId: string };
}

/** A multipart body: each entry is [field, value] where a value may be a File. */
export function form(entries: [string, string | File][]) {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
}

export const file = (name: string, content: string | Uint8Array, type = "application/octet-stream") =>
  new File([content as BlobPart], name, { type });

/** Smallest valid PNG (1×1), so content sniffing sees a real image. */
export const PNG_BYTES = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (ch) => ch.charCodeAt(0),
);

import type { TestApp } from "../testing/test-app";

/** Defines a custom field through the API as `cookie`'s user; anything but 201 fails the test. */
export async function defineField<T = unknown>(t: TestApp, cookie: string, json: Record<string, unknown>) {
  const res = await t.request("/api/admin/custom-fields", { json, cookie });
  if (res.status !== 201) throw new Error(`define failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

import { MAX_UPLOAD_BYTES, PUBLIC_UPLOAD_EXTENSIONS, STAFF_UPLOAD_EXTENSIONS } from "./constants";
import { extensionOf } from "./format";

export type UploadPolicy = "public" | "staff";
const UPLOAD_EXTENSIONS: Record<UploadPolicy, string[]> = {
  public: PUBLIC_UPLOAD_EXTENSIONS,
  staff: STAFF_UPLOAD_EXTENSIONS,
};

/** Messages for one chosen file, or null when it may be sent (the server repeats this check). */
export function uploadProblem(
  policy: UploadPolicy,
  file: { name: string; size: number },
): { code: "type" | "size" | "empty"; title: string; description: string } | null {
  if (!UPLOAD_EXTENSIONS[policy].includes(extensionOf(file.name)))
    return {
      code: "type",
      title: "File type not allowed",
      description: `${file.name} is not an accepted file type (${UPLOAD_EXTENSIONS[policy].join(" ")}).`,
    };
  if (file.size > MAX_UPLOAD_BYTES)
    return policy === "public"
      ? {
          code: "size",
          title: "File too large",
          description: `${file.name} is larger than 10MB and cannot be uploaded.`,
        }
      : { code: "size", title: "File too large", description: "File size must be less than 10MB" };
  if (file.size < 1)
    return { code: "empty", title: "Empty file", description: "File size must be greater than 0" };
  return null;
}

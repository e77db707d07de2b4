import { PUBLIC_UPLOAD_EXTENSIONS } from "../../src/shared/constants";
import type { Translator } from "../../src/i18n/translator";
import { uploadProblem } from "../../src/shared/upload-rules";

/** What is wrong with a file the portal cannot take, in the page's language; null when it is fine. */
export function portalUploadProblem({ t }: Translator, file: { name: string; size: number }) {
  const problem = uploadProblem("public", file);
  if (!problem) return null;
  const values = { name: file.name, extensions: PUBLIC_UPLOAD_EXTENSIONS.join(" ") };
  return { title: t(`upload.${problem.code}Title`), description: t(`upload.${problem.code}`, values) };
}

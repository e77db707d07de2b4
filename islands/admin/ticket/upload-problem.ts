import type { Translator } from "../../../src/i18n/translator";
import { STAFF_UPLOAD_EXTENSIONS } from "../../../src/shared/constants";
import { uploadProblem } from "../../../src/shared/upload-rules";

/** What is wrong with a file staff cannot attach, in the page's language; null when it is fine. */
export function staffUploadProblem({ t }: Translator, file: { name: string; size: number }) {
  const problem = uploadProblem("staff", file);
  if (!problem) return null;
  const values = { name: file.name, extensions: STAFF_UPLOAD_EXTENSIONS.join(" ") };
  const description =
    problem.code === "size" ? t("ticket.fileTooLarge") : t(`upload.${problem.code}`, values);
  return { title: t(`upload.${problem.code}Title`), description };
}

import type { Messages } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";

/** ICU source texts to the form Lingui's runtime reads, so the browser ships no message parser. */
export const compileCatalog = (catalog: Record<string, string>): Messages =>
  Object.fromEntries(Object.entries(catalog).map(([key, text]) => [key, compileMessage(text)]));

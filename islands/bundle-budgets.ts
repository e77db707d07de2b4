/** Gzip JS a page may fetch before its first screen works: its bundle, what that imports statically and its islands' chunks. */
const KiB = 1024;

/** What the translation runtime and the page language's catalog may add to a page. */
const TRANSLATION_RUNTIME = 8 * KiB;
const PORTAL_BEFORE_LANGUAGES = 90 * KiB;
const ADMIN_BEFORE_LANGUAGES = 238 * KiB;

export const FIRST_LOAD_BUDGET = {
  portal: PORTAL_BEFORE_LANGUAGES + TRANSLATION_RUNTIME,
  admin: ADMIN_BEFORE_LANGUAGES + TRANSLATION_RUNTIME,
};

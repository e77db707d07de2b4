import { basename, resolve, sep } from "node:path";
import { readdirSync, rmSync } from "node:fs";
import { open, rename, unlink } from "node:fs/promises";
import { extensionOf } from "../shared/format";

/** The type served for each accepted extension; never the client's claim. */
const MIME_BY_EXT: Record<string, string> = {
  ".pdf": "application/pdf",
  ".doc": "application/msword",
  ".xls": "application/vnd.ms-excel",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".txt": "text/plain",
  ".csv": "text/csv",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".zip": "application/zip",
  ".rar": "application/vnd.rar",
};
/** What the bytes must look like for the extension's type to be trusted (file-type's names; none = plain text). */
const SIGNATURE_BY_EXT: Record<string, string[]> = {
  ".pdf": ["pdf"],
  ".doc": ["cfb"],
  ".xls": ["cfb"],
  ".docx": ["docx", "zip"],
  ".xlsx": ["xlsx", "zip"],
  ".txt": [],
  ".csv": [],
  ".jpg": ["jpg"],
  ".jpeg": ["jpg"],
  ".png": ["png"],
  ".gif": ["gif"],
  ".webp": ["webp"],
  ".zip": ["zip", "docx", "xlsx", "pptx"],
  ".rar": ["rar"],
};
const OPAQUE = "application/octet-stream";
const ACTIVE_TEXT = /<\s*(html|svg|script|body|iframe|\?xml)\b/i;

/** Decides the stored type from extension + the file's content; a mismatch is stored as opaque bytes. */
export async function decideMimeType(name: string, path: string): Promise<string> {
  const ext = extensionOf(name);
  const expected = SIGNATURE_BY_EXT[ext];
  if (!expected || !MIME_BY_EXT[ext]) return OPAQUE;
  // the signature reader loads with the first upload checked
  const { fileTypeFromFile } = await import("file-type");
  const detected = (await fileTypeFromFile(path))?.ext;
  if (expected.length === 0) {
    const head = new TextDecoder().decode(await Bun.file(path).slice(0, 1024).arrayBuffer());
    return detected || ACTIVE_TEXT.test(head) ? OPAQUE : MIME_BY_EXT[ext]!;
  }
  return detected && expected.includes(detected) ? MIME_BY_EXT[ext]! : OPAQUE;
}

/**
 * Display name without folders, control, reserved or invisible format characters (bidi overrides
 * such as U+202E would show `photo\u202Egnp.zip` as "photopiz.png"); keeps the extension within 255.
 */
export function sanitiseFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base
    .replace(/\p{Cf}/gu, "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this strips
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, "_")
    .replace(/^[.\s]+/, "")
    .trim();
  if (!clean) return "file";
  if (clean.length <= 255) return clean;
  const ext = extensionOf(clean).slice(0, 16);
  return clean.slice(0, 255 - ext.length) + ext;
}

/** A fresh unguessable stored name: the client's name never touches the file system. */
export const generatedName = (originalName: string) => `${crypto.randomUUID()}${extensionOf(originalName)}`;

/** Absolute path of a stored file inside the uploads folder; null for a name that is not a file there ("", "..", a poisoned row). */
export function storedPath(uploadsDir: string, filePath: string): string | null {
  const root = resolve(uploadsDir);
  const full = resolve(root, basename(filePath));
  return full.startsWith(root + sep) ? full : null;
}

export async function removeStored(uploadsDir: string, filePath: string) {
  const path = storedPath(uploadsDir, filePath);
  if (path) await removePath(path);
}

export const removePath = (path: string) => unlink(path).catch(() => {});

/** Suffix of a file still being received; start-up removes any a crash left behind. */
const TEMP_SUFFIX = ".part";
export const tempPath = (uploadsDir: string) => resolve(uploadsDir, `${crypto.randomUUID()}${TEMP_SUFFIX}`);

/** Makes a received file durable under its final name: fsync, then an atomic rename. */
export async function commitTemp(temp: string, final: string) {
  const handle = await open(temp, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, final);
}

/** Makes the renames in a folder durable (the directory entry itself is fsynced). */
export async function syncDir(dir: string) {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
/** Deletes files a crash left half-received (run at start, before the server listens). */
export function removeTempUploads(uploadsDir: string) {
  for (const name of readdirSync(uploadsDir))
    if (name.endsWith(TEMP_SUFFIX)) rmSync(resolve(uploadsDir, name), { force: true });
}

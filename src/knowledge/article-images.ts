import { eq } from "drizzle-orm";
import { resolve } from "node:path";
import { sqliteOf, type Db, type DbOrTx } from "../../db/client";
import { kbImages } from "../../db/schema";
import { recordAudit, type Actor } from "../audit/audit.service";
import type { Deps } from "../deps";
import { badRequest, unsupportedType } from "../errors/domain-error";
import { extensionOf } from "../shared/format";
import {
  commitTemp,
  decideMimeType,
  generatedName,
  removePath,
  storedPath,
  syncDir,
} from "../attachments/storage";
import { reserveUpload, uploadCharger } from "../attachments/upload-budget";
import { receiveUpload, type StagedFile } from "../attachments/upload-stream";

const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);
/** The address an article's Markdown points at; the token alone finds the image. */
const IMAGE_PATH = "/help/images/";
const TOKEN = /^([0-9a-f]{32})\.(png|jpe?g|gif|webp)$/;

/**
 * Receives one image for articles (PNG, JPEG, GIF or WebP by its bytes, not its name) within the
 * server's uploads in flight and the free-disk floor, and stores it under a new token.
 */
export async function receiveArticleImage(
  o: { deps: Deps; actor: Actor; now: Date },
  body: { stream: ReadableStream<Uint8Array> | null; contentType: string; contentLength: number | null },
) {
  const { config } = o.deps;
  const release = reserveUpload(o.deps.uploadsInFlight, body.contentLength);
  let files: StagedFile[] = [];
  try {
    const charge = uploadCharger({
      addressBudget: null,
      address: "",
      ticketRoom: Number.POSITIVE_INFINITY,
      dir: config.uploadsDir,
      minFreeBytes: config.uploads.minFreeBytes,
    });
    ({ files } = await receiveUpload({
      body: body.stream,
      contentType: body.contentType,
      uploadsDir: config.uploadsDir,
      policy: "staff",
      fileFields: ["file"],
      onFields: () => {},
      charge,
    }));
  } finally {
    release();
  }
  const [file, ...more] = files;
  try {
    if (!file || more.length) throw badRequest("Send one image in the field 'file'");
    const mimeType = await decideMimeType(file.originalName, file.tempPath);
    if (!IMAGE_TYPES.has(mimeType)) throw unsupportedType("Images must be PNG, JPEG, GIF or WebP");
    const token = crypto.randomUUID().replaceAll("-", "");
    const ext = extensionOf(file.originalName).slice(1).replace("jpeg", "jpg");
    const filePath = generatedName(file.originalName);
    await commitTemp(file.tempPath, resolve(config.uploadsDir, filePath));
    await syncDir(config.uploadsDir);
    const row = o.deps.db.transaction((tx) => {
      const saved = tx
        .insert(kbImages)
        .values({
          token,
          filePath,
          originalName: file.originalName,
          mimeType,
          fileSize: file.size,
          uploadedBy: o.actor.userId,
          createdAt: o.now,
        })
        .returning()
        .get();
      recordAudit(
        tx,
        o.actor,
        { action: "kb_image_uploaded", entityType: "kb_image", entityId: saved.id },
        o.now,
      );
      return saved;
    });
    const url = `${IMAGE_PATH}${row.token}.${ext}`;
    return { url, markdown: `![${file.originalName.replace(/[[\]]/g, "")}](${url})` };
  } catch (e) {
    for (const f of files) await removePath(f.tempPath);
    throw e;
  }
}

/**
 * The stored image `name` names, for staff always, for anyone else only while a published public
 * article shows it: an image of a draft or a staff-only article stays private.
 */
export function articleImage(db: Db, uploadsDir: string, name: string, staff: boolean) {
  const m = TOKEN.exec(name);
  if (!m) return null;
  const row = db.select().from(kbImages).where(eq(kbImages.token, m[1]!)).get();
  if (!row || (!staff && !shownPublicly(db, m[1]!))) return null;
  const path = storedPath(uploadsDir, row.filePath);
  return path ? { path, mimeType: row.mimeType, fileSize: row.fileSize } : null;
}

/** From the token's key to its articles (CROSS JOIN keeps that order): not every published article. */
const shownPublicly = (db: DbOrTx, token: string) =>
  sqliteOf(db)
    .query<{ one: number }, [string]>(
      `SELECT 1 AS one FROM kb_article_images i CROSS JOIN kb_articles a ON a.id = i.article_id
       WHERE i.token = ? AND a.status = 'published' AND a.visibility = 'public' LIMIT 1`,
    )
    .get(token) !== null;

const ADDRESS = /\/help\/images\/([0-9a-f]{32})/g;

/** Records which image tokens an article's body shows (null: the article is gone), in the article's write. */
export function recordArticleImages(tx: DbOrTx, articleId: number, body: string | null) {
  const sqlite = sqliteOf(tx);
  sqlite.run("DELETE FROM kb_article_images WHERE article_id = ?", [articleId]);
  if (body === null) return;
  const add = sqlite.query<unknown, [number, string]>(
    "INSERT OR IGNORE INTO kb_article_images (article_id, token) VALUES (?, ?)",
  );
  for (const m of body.matchAll(ADDRESS)) add.run(articleId, m[1]!);
}

import { open } from "node:fs/promises";
import { once } from "node:events";
import { Busboy, type BusboyFileStream } from "@fastify/busboy";
import { badRequest, DomainError, tooLarge } from "../errors/domain-error";
import { MAX_FILES_PER_SUBMISSION, MAX_UPLOAD_BYTES } from "../shared/constants";
import { uploadProblem, type UploadPolicy } from "../shared/upload-rules";
import { sanitiseFileName, tempPath, removePath } from "./storage";

/** A received file waiting in uploads/ under a temporary name until its row is inserted. */
export type StagedFile = { originalName: string; tempPath: string; size: number };

export type ReceiveOptions = {
  body: ReadableStream<Uint8Array> | null;
  contentType: string;
  uploadsDir: string;
  policy: UploadPolicy;
  /** Form fields that carry files; file parts under other names are refused. */
  fileFields: string[];
  /**
   * Sees the fields sent so far: before the first file byte is stored, after each later field, and
   * once more at the end (`atEnd`). Throws to stop the upload.
   */
  onFields: (fields: Record<string, string>, atEnd: boolean) => void;
  /** Counts each chunk of file content against the budgets; throws to stop the upload. */
  charge: (bytes: number) => void;
};

const FIELD_LIMITS = {
  fields: 20,
  fieldSize: 64 * 1024,
  parts: MAX_FILES_PER_SUBMISSION + 21,
  headerPairs: 20,
};

const problem = (policy: UploadPolicy, name: string, size: number) => {
  const found = uploadProblem(policy, { name, size });
  if (!found) return null;
  return found.title === "File too large"
    ? tooLarge(found.description)
    : badRequest(found.description, { file: found.description });
};

/**
 * Streams a multipart body to temporary files in uploads/, never holding a whole file in memory.
 * Every file is checked as it arrives (type by name, size, count, budgets); at the first problem
 * reading stops, the temporary files are deleted and the error is thrown.
 */
export async function receiveUpload(
  o: ReceiveOptions,
): Promise<{ fields: Record<string, string>; files: StagedFile[] }> {
  const fields: Record<string, string> = Object.create(null);
  const files: StagedFile[] = [];
  const writes: Promise<void>[] = [];
  const parts: BusboyFileStream[] = [];
  let failure: unknown = null;
  let filesBegun = false;
  const bb = Busboy({
    headers: { "content-type": o.contentType },
    limits: { ...FIELD_LIMITS, files: MAX_FILES_PER_SUBMISSION + 1, fileSize: MAX_UPLOAD_BYTES + 1 },
  });
  const stop = new AbortController();
  const stopped = new Promise<void>((resolve) => stop.signal.addEventListener("abort", () => resolve()));
  const fail = (err: unknown) => {
    failure ??= err;
    stop.abort();
  };
  bb.on("field", (name, value) => {
    if (name in fields || failure) return;
    fields[name] = value;
    try {
      if (filesBegun) o.onFields(fields, false);
    } catch (err) {
      fail(err);
    }
  });
  bb.on("file", (field, stream, filename) => {
    if (failure) return stream.resume();
    try {
      if (!filesBegun) {
        filesBegun = true;
        o.onFields(fields, false);
      }
      if (!o.fileFields.includes(field)) throw badRequest(`Unexpected file field ${field.slice(0, 40)}`);
      if (files.length >= MAX_FILES_PER_SUBMISSION)
        throw badRequest(`At most ${MAX_FILES_PER_SUBMISSION} files can be uploaded at once`);
      const originalName = sanitiseFileName(filename);
      const early = problem(o.policy, originalName, 1);
      if (early) throw early;
      const staged: StagedFile = { originalName, tempPath: tempPath(o.uploadsDir), size: 0 };
      files.push(staged);
      parts.push(stream);
      writes.push(store(stream, staged, o).catch(fail));
    } catch (err) {
      fail(err);
      stream.resume();
    }
  });
  const finished = new Promise<void>((resolve, reject) => {
    bb.on("finish", resolve);
    bb.on("error", reject);
  });
  try {
    await pump(o.body, bb, stop.signal);
    await Promise.race([finished, stopped]);
    await Promise.all(writes);
    if (failure) throw failure;
    o.onFields(fields, true);
    if (files.length === 0)
      throw badRequest("Please choose a file to upload", { file: "Please choose a file to upload" });
    return { fields, files };
  } catch (err) {
    failure ??= malformed(err);
    bb.destroy();
    // a body cut off mid-file leaves its part waiting for bytes that never come
    for (const part of parts) part.destroy();
    await Promise.all(writes);
    await Promise.all(files.map((f) => removePath(f.tempPath)));
    throw failure;
  }
}

/**
 * Feeds the request body into the parser with backpressure; stops at once when `stop` aborts. It
 * never races a read against a promise that outlives it: each such race would keep its chunk alive.
 */
async function pump(
  body: ReadableStream<Uint8Array> | null,
  bb: ReturnType<typeof Busboy>,
  stop: AbortSignal,
) {
  if (!body) throw badRequest("The upload is empty");
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => {});
  stop.addEventListener("abort", cancel, { once: true });
  try {
    for (;;) {
      const next = await reader.read();
      if (stop.aborted) return;
      if (next.done) break;
      if (!bb.write(next.value)) await once(bb, "drain", { signal: stop }).catch(() => {});
      if (stop.aborted) return;
    }
    bb.end();
  } finally {
    stop.removeEventListener("abort", cancel);
    cancel();
  }
}

/** One file part to its temporary file: each chunk is checked (size, budgets) and written before the next is read. */
async function store(stream: BusboyFileStream, staged: StagedFile, o: ReceiveOptions) {
  const out = await open(staged.tempPath, "wx").catch((err: unknown) => {
    stream.resume();
    throw err;
  });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      staged.size += chunk.length;
      if (staged.size > MAX_UPLOAD_BYTES) throw problem(o.policy, staged.originalName, staged.size)!;
      o.charge(chunk.length);
      for (let at = 0; at < chunk.length; ) at += (await out.write(chunk, at)).bytesWritten;
    }
    const empty = problem(o.policy, staged.originalName, staged.size);
    if (empty) throw empty;
  } catch (err) {
    stream.resume();
    throw err;
  } finally {
    await out.close();
  }
}

/** A body the parser cannot read is the client's mistake: 400, or the size limit's own error. */
const malformed = (err: unknown) =>
  err instanceof DomainError ? err : badRequest("Malformed multipart body");

/** Runs the step that takes received files over; if it throws first, the files are deleted. */
export async function discardOnError<T>(files: StagedFile[], step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    await Promise.all(files.map((f) => removePath(f.tempPath)));
    throw err;
  }
}

const encoder = new TextEncoder();

/**
 * A file download streamed from a synchronous iterator of text chunks: the next chunk is only
 * produced when the client has taken the previous one, so a large export never sits in memory.
 */
export function streamDownload(filename: string, type: string, chunks: Iterator<string>): Response {
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    cancel() {
      chunks.return?.();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": `${type}; charset=utf-8`,
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}

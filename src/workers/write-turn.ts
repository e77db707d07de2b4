import type { Socket } from "bun";
import { unavailable } from "../errors/domain-error";
import { LOCK_ASK, LOCK_GRANTED, LOCK_RELEASE } from "./write-turn-server";

/** Gives the write turn back; calling it again does nothing. */
type Release = () => void;
export type WriteTurn = { take: () => Promise<Release> };

type Ask = { grant: () => void; abandoned: boolean };

/**
 * This process's side of the shared write turn: `take` waits, without blocking the event loop, until
 * every other process has written. Asks are answered in order, so a grant that comes after its asker
 * gave up is handed straight back. With the supervisor gone, turns are free (SQLite still locks).
 */
export async function connectWriteTurn(path: string, waitMs = 8_000): Promise<WriteTurn> {
  const asks: Ask[] = [];
  const unsent: number[] = [];
  let closed = false;
  const freeAll = () => {
    closed = true;
    for (const ask of asks.splice(0)) ask.grant();
  };
  const socket: Socket = await Bun.connect({
    unix: path,
    socket: {
      data: (_, bytes) => {
        for (const byte of bytes) if (byte === LOCK_GRANTED) asks.shift()?.grant();
      },
      drain: (s) => void (unsent.length && s.write(new Uint8Array(unsent.splice(0)))),
      close: freeAll,
      error: freeAll,
    },
  });
  const send = (byte: number) => {
    if (closed) return;
    // The other side reads at once, so a full buffer is all but impossible; it is kept for drain all the same.
    if (unsent.length > 0 || socket.write(new Uint8Array([byte])) < 1) unsent.push(byte);
  };
  const release = () => send(LOCK_RELEASE);

  const take = () =>
    new Promise<Release>((resolve, reject) => {
      if (closed) return resolve(() => {});
      let timer: Timer | undefined;
      const ask: Ask = {
        abandoned: false,
        grant: () => {
          clearTimeout(timer);
          if (ask.abandoned) return release();
          let released = false;
          resolve(() => {
            if (released) return;
            released = true;
            release();
          });
        },
      };
      asks.push(ask);
      send(LOCK_ASK);
      timer = setTimeout(() => {
        ask.abandoned = true;
        reject(unavailable("The server is busy. Please try again shortly."));
      }, waitMs);
    });
  return { take };
}

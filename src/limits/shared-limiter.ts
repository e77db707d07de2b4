import type { Limiter } from "./rate-limiter";
import type { ByteBudget, UploadsInFlight } from "../attachments/upload-budget";
import type { SharedStore } from "./shared-store";

const seconds = (r: { resetAt: number; now: number }) => (r.resetAt - r.now) / 1000;

/** The fixed-window limiter of one purpose, counted in the store every server process shares. */
export class SharedRateLimiter implements Limiter {
  constructor(
    private store: SharedStore,
    private name: string,
    readonly max: number,
    readonly windowMs: number,
  ) {}

  private key = (key: string) => `${this.name}:${key}`;

  hit(key: string): number {
    const r = this.store.add(this.key(key), 1, this.windowMs);
    return r.count > this.max ? seconds(r) : 0;
  }

  reserve(key: string): { wait: number; release: () => void } {
    const k = this.key(key);
    const r = this.store.add(k, 1, this.windowMs, this.max);
    if (!r.added) return { wait: seconds(r), release: () => {} };
    let held = true;
    return {
      wait: 0,
      release: () => {
        if (held) this.store.giveBack(k, r.resetAt, 1);
        held = false;
      },
    };
  }

  blocked(key: string): number {
    const r = this.store.peek(this.key(key));
    return r && r.count >= this.max ? seconds(r) : 0;
  }

  reset(key: string) {
    this.store.remove(this.key(key));
  }
}

/** Upload bytes per sender address, counted in the shared store. */
export class SharedByteWindow implements ByteBudget {
  constructor(
    private store: SharedStore,
    readonly max: number,
    readonly windowMs: number,
  ) {}

  take(key: string, bytes: number): number {
    const r = this.store.add(`upload:${key}`, bytes, this.windowMs);
    return r.count > this.max ? seconds(r) : 0;
  }
}

/** Upload bytes in flight, set aside in the shared store: together the processes hold at most `max`. */
export class SharedUploadsInFlight implements UploadsInFlight {
  held = 0;
  constructor(
    private store: SharedStore,
    readonly max: number,
  ) {}

  take(bytes: number) {
    if (!this.store.hold("uploads-in-flight", this.max, bytes)) return null;
    this.held += bytes;
    let given = false;
    return () => {
      if (!given) {
        this.held -= bytes;
        this.store.letGo("uploads-in-flight", bytes);
      }
      given = true;
    };
  }
}

import type { SharedStore } from "./shared-store";

/** Long-lived connections a key (a user) may hold at once: a place is taken at open and given back at close. */
export interface StreamSlots {
  /** Takes a place, or returns null when all `max` are held. The returned function gives it back (once). */
  take(key: string, max: number): (() => void) | null;
}

const once = (fn: () => void) => {
  let done = false;
  return () => {
    if (!done) fn();
    done = true;
  };
};

/** One process: the places held, counted in memory. */
export class LocalStreamSlots implements StreamSlots {
  private held = new Map<string, number>();

  take(key: string, max: number) {
    const n = this.held.get(key) ?? 0;
    if (n >= max) return null;
    this.held.set(key, n + 1);
    return once(() => {
      const left = (this.held.get(key) ?? 1) - 1;
      if (left > 0) this.held.set(key, left);
      else this.held.delete(key);
    });
  }
}

/** Several processes: each one's places in the store they share, so together they allow what one would. */
export class SharedStreamSlots implements StreamSlots {
  constructor(private store: SharedStore) {}

  take(key: string, max: number) {
    if (!this.store.hold(key, max)) return null;
    return once(() => this.store.letGo(key));
  }
}

import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { DomainError, tooMany } from "../errors/domain-error";

/** Hashes one client may have waiting at once; the rest of the queue stays open to everyone else. */
const WAITING_PER_CLIENT = 4;

/**
 * argon2id at the least-memory setting rated equally strong: the allocator keeps the pages of the largest
 * blocks it has handed out, so more memory per hash grows the server after every sign-in, for no strength.
 */
const PASSWORD_COST = { memoryCost: 7_168, timeCost: 5 };

/** m and t of an encoded argon2id hash; null for anything else (bcrypt, another argon2 variant). */
function argon2idCost(hash: string): { memoryCost: number; timeCost: number } | null {
  const m = /^\$argon2id\$v=\d+\$m=(\d+),t=(\d+),p=\d+\$/.exec(hash);
  return m ? { memoryCost: Number(m[1]), timeCost: Number(m[2]) } : null;
}

/**
 * argon2id via Bun.password, at most `concurrency` hashes at once (each takes ~7 MiB). Waiting work
 * is bounded (per client and in total) and served round-robin by client, so a flood from one place
 * is refused quickly and never sits in front of somebody else's sign-in.
 */
export class PasswordHasher {
  private running = 0;
  private waitingCount = 0;
  /** Waiting work by client; Map order is the round-robin order. */
  private queues = new Map<string, (() => void)[]>();
  constructor(
    private readonly concurrency: number,
    private readonly cost: { memoryCost: number; timeCost: number } = PASSWORD_COST,
    private readonly maxWaiting = 32,
  ) {}

  hash(password: string, client = "server") {
    return this.limited(client, () => Bun.password.hash(password, { algorithm: "argon2id", ...this.cost }));
  }

  verify(password: string, hash: string, client = "server") {
    return this.limited(client, () => Bun.password.verify(password, hash).catch(() => false));
  }

  /** A stored hash made at another cost: the next right password replaces it, so old accounts follow the setting. */
  needsRehash(hash: string) {
    const had = argon2idCost(hash);
    return had?.memoryCost !== this.cost.memoryCost || had.timeCost !== this.cost.timeCost;
  }

  /** Verifies against a real hash of a random password, so an unknown e-mail costs the same time. */
  async verifyDummy(password: string, client = "server") {
    this.dummy ??= this.hash(crypto.randomUUID()).catch((err) => {
      this.dummy = undefined; // refused by a full queue: the next check makes it
      throw err;
    });
    await this.verify(password, await this.dummy, client);
    return false;
  }
  private dummy?: Promise<string>;

  private async limited<T>(client: string, fn: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++;
    else await this.wait(client); // the finishing task hands its slot over
    this.busy.set(client, (this.busy.get(client) ?? 0) + 1);
    try {
      return await fn();
    } finally {
      const left = (this.busy.get(client) ?? 1) - 1;
      if (left > 0) this.busy.set(client, left);
      else this.busy.delete(client);
      if (!this.handOver()) this.running--;
    }
  }
  /** Hashes running per client. */
  private busy = new Map<string, number>();

  private wait(client: string) {
    const queue = this.queues.get(client) ?? [];
    if (queue.length >= WAITING_PER_CLIENT)
      throw tooMany(1, "Too many sign-in attempts at once. Please try again shortly.");
    if (this.waitingCount >= this.maxWaiting)
      throw new DomainError("unavailable", "The server is busy. Please try again shortly.", undefined, 1);
    this.waitingCount++;
    this.queues.set(client, queue);
    return new Promise<void>((resolve) => queue.push(resolve));
  }

  /** Gives the freed slot to the waiting client with the fewest hashes running (first in line on a tie). */
  private handOver(): boolean {
    let pick: string | undefined;
    for (const client of this.queues.keys())
      if (pick === undefined || (this.busy.get(client) ?? 0) < (this.busy.get(pick) ?? 0)) pick = client;
    const queue = pick === undefined ? undefined : this.queues.get(pick);
    if (pick === undefined || !queue) return false;
    this.queues.delete(pick); // back of the line
    const wake = queue.shift();
    if (queue.length > 0) this.queues.set(pick, queue);
    this.waitingCount--;
    wake?.();
    return true;
  }
}

/** A printable first-admin password: 16 random bytes in base32 (~128 bits). */
export function randomPassword() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return encodeBase32LowerCaseNoPadding(bytes);
}

import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { SharedStore } from "./shared-store";
import { LocalStreamSlots, SharedStreamSlots } from "./stream-slots";

const limitsFile = () => join(mkdtempSync(join(tmpdir(), "helpdesk-slots-")), "limits.sqlite");

describe("stream places", () => {
  test("one process: up to the bound per key, each place given back once", () => {
    const slots = new LocalStreamSlots();
    const [a, b] = [slots.take("u1", 2), slots.take("u1", 2)];
    expect(a && b).toBeTruthy();
    expect(slots.take("u1", 2)).toBeNull();
    expect(slots.take("u2", 2)).not.toBeNull();
    a!();
    a!(); // a second call gives back nothing more
    expect(slots.take("u1", 2)).not.toBeNull();
    expect(slots.take("u1", 2)).toBeNull();
  });

  test("two stores on one file count together, and a place given back is free in the other", () => {
    const path = limitsFile();
    const [a, b] = [
      new SharedStreamSlots(new SharedStore(path)),
      new SharedStreamSlots(new SharedStore(path)),
    ];
    const held = [a.take("u1", 5), b.take("u1", 5), a.take("u1", 5), b.take("u1", 5), a.take("u1", 5)];
    expect(held.every(Boolean)).toBe(true);
    expect(a.take("u1", 5)).toBeNull();
    expect(b.take("u1", 5)).toBeNull();
    expect(b.take("u2", 5)).not.toBeNull();
    held[0]!();
    held[0]!();
    expect(b.take("u1", 5)).not.toBeNull();
    expect(a.take("u1", 5)).toBeNull();
  });

  test("the places of a process killed outright stop counting", async () => {
    const path = limitsFile();
    const store = resolve(import.meta.dir, "shared-store.ts");
    const child = Bun.spawn(
      [
        process.execPath,
        "-e",
        `const { SharedStore } = await import(${JSON.stringify(store)});
         const s = new SharedStore(${JSON.stringify(path)});
         for (let i = 0; i < 5; i++) if (!s.hold("u1", 5)) process.exit(3);
         console.log("held"); await Bun.sleep(60_000);`,
      ],
      { stdout: "pipe" },
    );
    const reader = child.stdout.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("held");
    const slots = new SharedStreamSlots(new SharedStore(path));
    expect(slots.take("u1", 5)).toBeNull(); // the other process runs: its five count
    child.kill(9);
    await child.exited;
    const after = Array.from({ length: 5 }, () => slots.take("u1", 5));
    expect(after.every(Boolean)).toBe(true);
    expect(slots.take("u1", 5)).toBeNull();
  });
});

import { join } from "node:path";
import { openDatabase } from "../db/client";
import { SYSTEM_ACTOR } from "../src/audit/audit.service";
import { createArticle } from "../src/knowledge/articles.service";
import { FIRST, rng, TOPICS } from "./seed";

const WORDS = [
  ...new Set(TOPICS.flatMap((t) => t.toLowerCase().split(/\s+/)).filter((w) => w.length >= 4)),
  ...["laptop", "printer", "scanner", "password", "licence", "monitor", "keyboard", "toner", "badge", "vpn"],
  ...["wifi", "calendar", "mailbox", "invoice", "desk", "chair", "projector", "phone", "headset", "backup"],
];
const CATEGORIES = ["Accounts", "Printing", "Network", "Software", "Hardware", "Supplies", "Facilities"];

/** Made-up words, so articles share a vocabulary of thousands with a few words common to many. */
function vocabulary(r: () => number, size: number) {
  const syllables = [
    "ka",
    "ro",
    "mi",
    "te",
    "lu",
    "sa",
    "no",
    "vi",
    "de",
    "po",
    "ri",
    "gu",
    "fe",
    "la",
    "ton",
    "mer",
  ];
  const words = new Set<string>();
  while (words.size < size)
    words.add(
      Array.from({ length: 2 + Math.floor(r() * 3) }, () => syllables[Math.floor(r() * 16)]).join(""),
    );
  return [...words];
}

/** Articles of a few hundred words each: topical words spread like real text (a few common, most rare). */
export function addArticles(dataDir: string, count: number) {
  const { db, sqlite } = openDatabase(join(dataDir, "helpdesk.sqlite"));
  const have = sqlite.query<{ n: number }, []>("SELECT count(*) AS n FROM kb_articles").get()!.n;
  const r = rng(7);
  // made-up words take the common ranks, as "the" and "with" do in real text; the topical ones come after
  const made = vocabulary(r, 4000);
  const words = [
    ...made.slice(0, 100),
    ...WORDS.flatMap((w, i) => [w, ...made.slice(100 + i * 8, 108 + i * 8)]),
    ...made.slice(100 + WORDS.length * 8),
  ];
  // Zipf-like: the word at rank k is picked about 1/k as often as the first
  const zipf = () =>
    words[Math.min(words.length - 1, Math.floor(Math.exp(r() * Math.log(words.length))) - 1)]!;
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const sentence = () => `${Array.from({ length: 8 + Math.floor(r() * 8) }, zipf).join(" ")}.`;
  for (let i = have; i < count; i++) {
    const title = `How to fix ${pick(WORDS)} ${zipf()} ${i}`;
    const body = Array.from({ length: 4 }, () => Array.from({ length: 5 }, sentence).join(" ")).join("\n\n");
    createArticle(
      { db, actor: SYSTEM_ACTOR, now: new Date() },
      { title, body, category: pick(CATEGORIES), visibility: "public", status: "published" },
    );
  }
  sqlite.close();
}

/** A visitor's description, different for each n: a name, three topical words and a number. */
export function descriptions(seed = 11) {
  const r = rng(seed);
  return (n: number) =>
    `${FIRST[n % FIRST.length]} says the ${WORDS[Math.floor(r() * WORDS.length)]} and the ${
      WORDS[Math.floor(r() * WORDS.length)]
    } stopped working after ${WORDS[Math.floor(r() * WORDS.length)]} ${n}`;
}

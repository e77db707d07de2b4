/** Builds the browser side: island chunks (Bun.build) and app.css (Tailwind CLI), plus .gz twins. */
import {
  copyFileSync,
  rmSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
  renameSync,
  existsSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { BUNDLES } from "../islands/registry";
import { sourcesHash } from "./bundle-stamp";
import { compiledCatalogs } from "./i18n/build-plugin";

const root = resolve(import.meta.dir, "..");
const final = join(root, "public/build");
const stamp = sourcesHash(root); // taken before building, so an edit during the build reads as stale
// Build beside the live folder and swap it in, so a running server never sees half a build.
const out = join(root, `public/.build-${process.pid}`);
mkdirSync(out, { recursive: true });

// One build per bundle (islands/entries/*.tsx): the public portal's bundle then holds only what the
// portal imports, where a shared chunk would carry every export the staff islands use as well.
for (const entry of BUNDLES) {
  const result = await Bun.build({
    entrypoints: [join(root, `islands/entries/${entry}.tsx`)],
    outdir: out,
    target: "browser",
    format: "esm",
    splitting: true,
    minify: true,
    // React's production build; the development one is several times larger.
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    naming: { entry: "[name].js", chunk: "[name]-[hash].js", asset: "[name]-[hash].[ext]" },
    plugins: [compiledCatalogs],
  });
  if (!result.success) {
    for (const message of result.logs) console.error(message);
    process.exit(1);
  }
}

const tailwind = Bun.spawnSync(
  [
    join(root, "node_modules/.bin/tailwindcss"),
    "-i",
    join(root, "src/ui/app.css"),
    "-o",
    join(out, "app.css"),
    "--minify",
  ],
  {
    cwd: root,
    stderr: "pipe",
  },
);
if (tailwind.exitCode !== 0) {
  console.error(tailwind.stderr.toString());
  process.exit(1);
}

// The API reference's own browser bundle, served from this site so the docs work offline under our CSP.
copyFileSync(
  join(root, "node_modules/@scalar/api-reference/dist/browser/standalone.js"),
  join(out, "scalar-api-reference.js"),
);

const hasher = new Bun.CryptoHasher("sha256");
for (const name of readdirSync(out).sort()) {
  const body = readFileSync(join(out, name));
  hasher.update(body);
  writeFileSync(join(out, `${name}.gz`), gzipSync(body, { level: 9 }));
}
const version = hasher.digest("hex").slice(0, 12);
writeFileSync(join(out, "version.txt"), version);
writeFileSync(join(out, "sources.sha256"), stamp);
const old = join(root, `public/.old-build-${process.pid}`);
if (existsSync(final)) renameSync(final, old);
renameSync(out, final);
rmSync(old, { recursive: true, force: true });

const sizes = readdirSync(final)
  .filter((n) => n.endsWith(".gz"))
  .map((n) => `${n.replace(/\.gz$/, "")} ${(readFileSync(join(final, n)).length / 1024).toFixed(1)} KiB gz`);
console.log(`built public/build (v=${version})\n  ${sizes.join("\n  ")}`);

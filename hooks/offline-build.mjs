// Writes the site's service worker into a built site: lists the files to keep offline
// with workbox-build, gives each the SHA-256 and size of its bytes, and fills the lists
// into offline-sw.js. Run by hooks/offline.py after every build:
//
//   node hooks/offline-build.mjs SITE_DIR RUNTIME_DIR ENGINE_ZIP ENGINE_VERSION
//
// Prints one JSON line (the counts and sizes of both lists) on stdout; each workbox-build
// warning (a file left out, for instance for its size) goes to stderr, one per line.

import { createHash } from "node:crypto";
import { readFile, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getManifest } from "workbox-build";

const here = path.dirname(fileURLToPath(import.meta.url));
const [siteDir, runtimeDir, engineZip, engineVersion] = process.argv.slice(2);
if (!engineVersion) {
  console.error("usage: node offline-build.mjs SITE_DIR RUNTIME_DIR ENGINE_ZIP ENGINE_VERSION");
  process.exit(2);
}

const MB = 1024 * 1024;

// Pages and small assets, by kind of file rather than by name, so that whatever is added
// to the site later is kept too. Source maps, the search's other languages and the
// runtime (listed separately below) are left out.
const PAGES = {
  globPatterns: ["**/*.{html,css,js,mjs,json,svg,png,jpg,jpeg,gif,webp,ico,woff2,webmanifest}"],
  globIgnores: [`${runtimeDir}/**`, "workbox-*/**", "sw.js", "**/*.map", "assets/javascripts/lunr/**"],
  maximumFileSizeToCacheInBytes: 4 * MB,
};

// The Python runtime and the engine: large, and only for the pages that run Python.
const RUNTIME = {
  globPatterns: [`${runtimeDir}/*`, engineZip],
  maximumFileSizeToCacheInBytes: 64 * MB,
};

// The first 128 bits of the SHA-256, in hex: plenty to tell two versions of a file apart.
// Pages' files that go with the runtime: the live examples' machinery whenever Python is
// kept, and the play pages (with the card pictures) when a play page asked for it.
const GROUPS = [
  ["live", ["assets/live/"]],
  ["play", ["play/", "assets/play/", "assets/vendor/"]],
];

function groupOf(url) {
  return GROUPS.find(([, prefixes]) => prefixes.some((prefix) => url.startsWith(prefix)))?.[0];
}

function sha256(data) {
  return createHash("sha256").update(data).digest("hex").slice(0, 32);
}

// Every file carries the SHA-256 and the size of its bytes: the worker checks the hash
// before it keeps a download, and the page that offers to keep the whole site says its
// size. The engine is asked for with its version in the URL, as the pages ask for it.
async function list(options) {
  const result = await getManifest({ globDirectory: siteDir, ...options });
  for (const warning of result.warnings) console.error(warning);
  const entries = await Promise.all(
    result.manifestEntries.map(async ({ url }) => {
      const bytes = await readFile(path.join(siteDir, url));
      const entry = { url, sha256: sha256(bytes), size: bytes.length };
      const group = groupOf(url);
      if (url === engineZip) return { ...entry, url: `${url}?v=${engineVersion}` };
      return group && !url.startsWith(`${runtimeDir}/`) ? { ...entry, group } : entry;
    }),
  );
  entries.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  return { entries, count: result.count, bytes: result.size };
}

// Earlier builds copied Workbox's runtime beside the worker; it needs none now.
async function dropWorkboxCopies() {
  for (const name of await readdir(siteDir)) {
    if (name.startsWith("workbox-")) await rm(path.join(siteDir, name), { recursive: true, force: true });
  }
}

const pages = await list(PAGES);
const runtime = await list(RUNTIME);
if (!runtime.entries.some(({ url }) => url.startsWith(`${engineZip}?`))) {
  console.error(`the engine archive ${engineZip} is missing from the runtime list`);
  process.exit(1);
}
await dropWorkboxCopies();
const source = await readFile(path.join(here, "offline-sw.js"), "utf8");
const filled = source
  .replace("self.__PAGES_MANIFEST", () => `[\n${pages.entries.map((entry) => JSON.stringify(entry)).join(",\n")}\n]`)
  .replace("self.__RUNTIME_MANIFEST", () => `[\n${runtime.entries.map((entry) => JSON.stringify(entry)).join(",\n")}\n]`);
await writeFile(path.join(siteDir, "sw.js"), filled);
console.log(
  JSON.stringify({
    pages: { files: pages.count, bytes: pages.bytes },
    runtime: { files: runtime.count, bytes: runtime.bytes },
  }),
);

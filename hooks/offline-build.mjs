// Writes the site's service worker into a built site: lists the files to keep offline
// with workbox-build, fills them into offline-sw.js and copies the few Workbox runtime
// files that the worker imports. Run by hooks/offline.py after every build:
//
//   node hooks/offline-build.mjs SITE_DIR RUNTIME_DIR ENGINE_ZIP ENGINE_VERSION
//
// Prints one JSON line (the counts and sizes of both lists) on stdout; each workbox-build
// warning (a file left out, for instance for its size) goes to stderr, one per line.

import { createHash } from "node:crypto";
import { copyFile, mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
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
const WORKBOX_MODULES = ["workbox-core", "workbox-routing", "workbox-strategies", "workbox-precaching"];
const require = createRequire(createRequire(import.meta.url).resolve("workbox-build"));
const workboxVersion = require("workbox-precaching/package.json").version;
const workboxDir = `workbox-${workboxVersion}`;

// Pages and small assets, by kind of file rather than by name, so that whatever is added
// to the site later is kept too. Source maps, the search's other languages and the
// runtime (listed separately below) are left out.
const SHELL = {
  globPatterns: ["**/*.{html,css,js,mjs,json,svg,png,jpg,jpeg,gif,webp,ico,woff2,webmanifest}"],
  globIgnores: [
    `${runtimeDir}/**`,
    "workbox-*/**",
    "sw.js",
    "**/*.map",
    "assets/javascripts/lunr/**",
  ],
  maximumFileSizeToCacheInBytes: 4 * MB,
};

// The Python runtime and the engine: large, and only for the play pages.
const RUNTIME = {
  globPatterns: [`${runtimeDir}/*`, engineZip],
  maximumFileSizeToCacheInBytes: 64 * MB,
};

function sha256(data) {
  return createHash("sha256").update(data).digest("hex");
}

async function list(options, transform = (entries) => entries) {
  const result = await getManifest({ globDirectory: siteDir, ...options });
  for (const warning of result.warnings) console.error(warning);
  const entries = await transform(result.manifestEntries);
  entries.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  return { entries, count: result.count, bytes: result.size };
}

// Every runtime file carries the SHA-256 of its bytes: the worker checks it before it
// keeps a download. The engine is asked for with its version in the URL, as the play
// pages ask for it.
async function runtimeEntries(entries) {
  return Promise.all(
    entries.map(async ({ url, revision }) => {
      const bytes = await readFile(path.join(siteDir, url));
      const entry = { url, revision, sha256: sha256(bytes) };
      return url === engineZip ? { ...entry, url: `${url}?v=${engineVersion}` } : entry;
    }),
  );
}

async function copyWorkbox() {
  const target = path.join(siteDir, workboxDir);
  for (const name of await readdir(siteDir)) {
    if (name.startsWith("workbox-") && name !== workboxDir) {
      await rm(path.join(siteDir, name), { recursive: true, force: true });
    }
  }
  await mkdir(target, { recursive: true });
  const scripts = [];
  for (const name of WORKBOX_MODULES) {
    const file = `${name}.prod.js`;
    await copyFile(require.resolve(`${name}/build/${file}`), path.join(target, file));
    scripts.push(`${workboxDir}/${file}`);
  }
  // The minified files carry no notice: the licence travels beside them.
  await copyFile(require.resolve("workbox-precaching/LICENSE"), path.join(target, "LICENSE"));
  return scripts;
}

const shell = await list(SHELL);
const runtime = await list(RUNTIME, runtimeEntries);
if (!runtime.entries.some(({ url }) => url.startsWith(`${engineZip}?`))) {
  console.error(`the engine archive ${engineZip} is missing from the runtime list`);
  process.exit(1);
}
const scripts = await copyWorkbox();
const source = await readFile(path.join(here, "offline-sw.js"), "utf8");
const filled = source
  .replace("self.__WORKBOX_SCRIPTS", () => JSON.stringify(scripts))
  .replace("self.__WB_MANIFEST", () => JSON.stringify(shell.entries, null, 1))
  .replace("self.__RUNTIME_MANIFEST", () => JSON.stringify(runtime.entries, null, 1));
await writeFile(path.join(siteDir, "sw.js"), filled);
console.log(
  JSON.stringify({
    shell: { files: shell.count, bytes: shell.bytes },
    runtime: { files: runtime.count, bytes: runtime.bytes },
    workbox: workboxVersion,
  }),
);

// The memory snapshot of a started Python, kept in this browser so that a later visit
// restores Python in well under a second instead of starting it again (see "How the
// engine is built", section "Starting quickly"). One snapshot serves every page of the
// site, under the key of the runtime's and the engine's build; a snapshot of any other
// build is deleted when it is met.
//
// Where it is kept: its bytes (Python's memory, about 31 MB, then the engine's files)
// in a file of the origin's private file system, as they are; and a small entry in
// Cache Storage that names that file and holds the key, the sizes and the list of the
// engine's files. The entry is written last, so a snapshot is only ever found whole.
// The worker reads the file with one synchronous read (35-65 ms for the 32 MB, measured
// here on their own); reading them from Cache Storage took two to four times as long,
// and reading and unpacking 8 MB of gzip kept there ten times, and a restore waits for
// every byte.
//
// Used by the play pages' worker (worker.mjs) and by the setting that turns it off
// (assets/offline/settings.mjs). Every function resolves, never rejects: without Cache
// Storage or the private file system (an insecure page, a private window that refuses
// them) there is simply no snapshot, and Python starts as usual.

const ENTRY = "__python-snapshot__"; // a key inside the cache, never fetched from the site
const OFF = "__python-snapshot-off__"; // present when the reader turned the snapshot off
const FOLDER = "pirate-rules-python"; // in the private file system, one folder per site

/** The key of a snapshot made by runtime `runtime` (its version) of engine build `engine`. */
export function snapshotKey(runtime, engine, format) {
  return `pyodide ${runtime}; engine ${engine}; format ${format}`;
}

/** Whether the snapshot of key `key` holds engine build `engine` (of any runtime). */
export function holdsEngine(key, engine) {
  return typeof key === "string" && key.split("; ").includes(`engine ${engine}`);
}

/** The snapshot store of the site whose root is `siteRoot` (an absolute URL). */
export function snapshotStore(siteRoot) {
  const name = `pirate-rules-python-${siteRoot}`;
  const entry = new URL(ENTRY, siteRoot).href;
  const offEntry = new URL(OFF, siteRoot).href;
  const usable = typeof caches === "object" && typeof navigator.storage?.getDirectory === "function";
  const open = () => caches.open(name);
  const folder = async () => {
    const root = await navigator.storage.getDirectory();
    const site = await root.getDirectoryHandle(FOLDER, { create: true });
    return site.getDirectoryHandle(encodeURIComponent(siteRoot), { create: true });
  };
  const quietly = async (work, otherwise) => {
    if (!usable) return otherwise;
    try {
      return await work();
    } catch {
      return otherwise;
    }
  };
  // Delete every snapshot file but `keep` (a file still being read stays).
  const removeFiles = async (keep = null) => {
    const files = await folder();
    for await (const file of files.keys()) {
      if (file !== keep) await files.removeEntry(file).catch(() => {});
    }
  };
  const forget = async () => {
    await (await open()).delete(entry);
    await removeFiles();
  };

  const store = {
    usable,

    /** Whether snapshots are on (the default) in this browser. */
    enabled: () => quietly(async () => !(await (await open()).match(offEntry)), false),

    /** Turn snapshots on or off; off also deletes the kept one. */
    setEnabled: (on) =>
      quietly(async () => {
        const cache = await open();
        if (on) {
          await cache.delete(offEntry);
        } else {
          await cache.put(offEntry, new Response("off"));
          await forget();
        }
        return true;
      }, false),

    /** The kept snapshot's key and its size as stored and as restored, or null. */
    describe: () =>
      quietly(async () => {
        const kept = await (await open()).match(entry);
        if (!kept) return null;
        return {
          key: kept.headers.get("x-snapshot-key"),
          stored: Number(kept.headers.get("x-snapshot-stored")) || 0,
          bytes: Number(kept.headers.get("x-snapshot-bytes")) || 0,
        };
      }, null),

    /**
     * The snapshot made for `key`, or null: none kept, snapshots off, or one of another
     * build (which is deleted). Found, it is `{bytes}`: a promise of the snapshot as it
     * was written (`{memory, files}`), read from then on, which rejects (and deletes
     * the snapshot) if it is not whole. So Python's runtime can load while it is read.
     * `key` may be a promise (the runtime's version is in it).
     */
    find: (key) =>
      quietly(async () => {
        // The file's folder is opened meanwhile: each step is a request to the browser.
        const place = folder();
        place.catch(() => {});
        const cache = await open();
        const [off, kept] = await Promise.all([cache.match(offEntry), cache.match(entry)]);
        if (off || !kept) return null;
        // Its bytes are read while the key is worked out (from the runtime's version).
        const read = readKept(await place, kept);
        read.catch(() => {});
        if (kept.headers.get("x-snapshot-key") !== (await key)) {
          await read.catch(() => {}); // the file may be deleted once it is no longer read
          await forget();
          return null;
        }
        const bytes = read.catch(async (error) => {
          await forget().catch(() => {});
          throw error;
        });
        bytes.catch(() => {}); // told to whoever awaits it
        return { bytes };
      }, null),

    /** The snapshot made for `key` (`{memory, files}`), or null (see `find`). */
    read: (key) =>
      quietly(async () => {
        const found = await store.find(key);
        return found && (await found.bytes);
      }, null),

    /**
     * Keep `memory` (Python's memory snapshot) and `files` ([path, bytes] of the
     * engine's files) as the snapshot of `key`, replacing any other; resolves to success.
     */
    write: (key, { memory, files = [] }) =>
      quietly(async () => {
        const cache = await open();
        if (await cache.match(offEntry)) return false;
        const parts = [memory, ...files.map(([, bytes]) => bytes)];
        const file = `snapshot-${Date.now()}-${Math.random().toString(36).slice(2)}.bin`;
        const place = await folder();
        let stored;
        try {
          stored = await writeFile(await place.getFileHandle(file, { create: true }), parts);
        } catch (error) {
          await place.removeEntry(file).catch(() => {}); // storage full: nothing half-kept
          throw error;
        }
        const headers = {
          "x-snapshot-key": key,
          "x-snapshot-file": file,
          "x-snapshot-bytes": String(memory.length),
          "x-snapshot-files": JSON.stringify(files.map(([path, bytes]) => [path, bytes.length])),
          "x-snapshot-stored": String(stored),
        };
        if (await cache.match(offEntry)) {
          await removeFiles(); // turned off while it was written
          return false;
        }
        await cache.put(entry, new Response(null, { headers }));
        await removeFiles(file); // the snapshots kept before
        return true;
      }, false),

    /** Delete the kept snapshot (the setting stays as it is). */
    clear: () => quietly(async () => (await forget(), true), false),
  };
  return store;
}

// Whether this thread may read and write files synchronously (a dedicated worker).
const synchronous = () =>
  typeof FileSystemFileHandle === "function" &&
  typeof FileSystemFileHandle.prototype.createSyncAccessHandle === "function";

// Write `parts` one after the other into the file of `handle`; resolves to its size.
async function writeFile(handle, parts) {
  let at = 0;
  if (synchronous()) {
    const access = await handle.createSyncAccessHandle();
    try {
      access.truncate(0);
      for (const part of parts) at += access.write(part, { at });
      access.flush();
    } finally {
      access.close();
    }
  } else {
    const writable = await handle.createWritable();
    for (const part of parts) {
      await writable.write(part);
      at += part.length;
    }
    await writable.close();
  }
  return at;
}

// The snapshot `kept` names, from `files` (its folder): {memory, files}. Its bytes are
// Python's memory, then each of the engine's files, in the order of the entry's list.
async function readKept(files, kept) {
  const handle = await files.getFileHandle(kept.headers.get("x-snapshot-file"));
  let bytes;
  if (synchronous()) {
    const access = await handle.createSyncAccessHandle();
    try {
      bytes = new Uint8Array(access.getSize());
      if (access.read(bytes, { at: 0 }) !== bytes.length) throw new Error("the snapshot is not whole");
    } finally {
      access.close();
    }
  } else {
    bytes = new Uint8Array(await (await handle.getFile()).arrayBuffer());
  }
  const size = Number(kept.headers.get("x-snapshot-bytes"));
  const listed = JSON.parse(kept.headers.get("x-snapshot-files") || "null");
  if (!size || !Array.isArray(listed)) throw new Error("the snapshot is not whole");
  let end = size;
  const engine = listed.map(([path, length]) => [path, bytes.subarray(end, (end += length))]);
  if (end !== bytes.length) throw new Error("the snapshot is not whole");
  return { memory: bytes.subarray(0, size), files: engine };
}

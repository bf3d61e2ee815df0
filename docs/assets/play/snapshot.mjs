// The memory snapshot of a started Python, kept in this browser so that a later visit
// restores Python in well under a second instead of starting it again (see "How the
// engine is built", section "Starting quickly"). One snapshot serves every page of the
// site; it is kept in Cache Storage, compressed, under the key of the runtime's and
// the engine's build, and a snapshot of any other build is deleted when it is met.
//
// Used by the play pages' worker (worker.mjs) and by the setting that turns it off
// (assets/offline/settings.mjs). Every function resolves, never rejects: without Cache
// Storage (an insecure page, a private window that refuses it) there is simply no
// snapshot, and Python starts as usual.

const ENTRY = "__python-snapshot__"; // a key inside the cache, never fetched from the site
const OFF = "__python-snapshot-off__"; // present when the reader turned the snapshot off
const ENCODING = "gzip"; // as stored; "identity" keeps the bytes as they are

/** The snapshot store of the site whose root is `siteRoot` (an absolute URL). */
export function snapshotStore(siteRoot) {
  const name = `pirate-rules-python-${siteRoot}`;
  const entry = new URL(ENTRY, siteRoot).href;
  const off = new URL(OFF, siteRoot).href;
  const usable = typeof caches === "object" && typeof DecompressionStream === "function";
  const open = () => caches.open(name);
  const quietly = async (work, otherwise) => {
    if (!usable) return otherwise;
    try {
      return await work();
    } catch {
      return otherwise;
    }
  };

  return {
    usable,

    /** Whether snapshots are on (the default) in this browser. */
    enabled: () => quietly(async () => !(await (await open()).match(off)), false),

    /** Turn snapshots on or off; off also deletes the kept one. */
    setEnabled: (on) =>
      quietly(async () => {
        const cache = await open();
        if (on) {
          await cache.delete(off);
        } else {
          await cache.put(off, new Response("off"));
          await cache.delete(entry);
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
          stored: Number(kept.headers.get("x-snapshot-stored")) || (await kept.blob()).size,
          bytes: Number(kept.headers.get("x-snapshot-bytes")) || 0,
        };
      }, null),

    /**
     * The snapshot made for `key` as bytes, or null: none kept, snapshots off, or one of
     * another build (which is deleted). A damaged one fails its gzip check and is deleted.
     */
    read: (key) =>
      quietly(async () => {
        const cache = await open();
        if (await cache.match(off)) return null;
        const kept = await cache.match(entry);
        if (!kept) return null;
        if (kept.headers.get("x-snapshot-key") !== key) {
          await cache.delete(entry);
          return null;
        }
        try {
          const encoding = kept.headers.get("x-snapshot-encoding") || "gzip";
          const body = encoding === "identity" ? kept.body : kept.body.pipeThrough(new DecompressionStream(encoding));
          const bytes = new Uint8Array(await new Response(body).arrayBuffer());
          const expected = Number(kept.headers.get("x-snapshot-bytes"));
          if (bytes.length !== expected) throw new Error("the snapshot is not whole");
          return bytes;
        } catch (error) {
          await cache.delete(entry);
          throw error;
        }
      }, null),

    /** Keep `bytes` as the snapshot of `key`, replacing any other; resolves to success. */
    write: (key, bytes) =>
      quietly(async () => {
        const cache = await open();
        if (await cache.match(off)) return false;
        const stream = new Blob([bytes]).stream();
        const packed = await new Response(
          ENCODING === "identity" ? stream : stream.pipeThrough(new CompressionStream(ENCODING)),
        ).blob();
        const headers = {
          "content-type": "application/octet-stream",
          "x-snapshot-encoding": ENCODING,
          "x-snapshot-key": key,
          "x-snapshot-bytes": String(bytes.length),
          "x-snapshot-stored": String(packed.size),
        };
        await cache.put(entry, new Response(packed, { headers }));
        return true;
      }, false),

    /** Delete the kept snapshot (the setting stays as it is). */
    clear: () => quietly(async () => (await open()).delete(entry), false),
  };
}

// Keeping games: the game in progress saved in this browser, and share links.
//
// A game is kept as its *keep*: the plain object an engine view carries (seed, who
// plays, names, options, and `moves`, the list of moves in notation). The engine plays
// the moves again to rebuild the game, so nothing here knows any rule.
//
// Saved games (localStorage, one key per game, never touching other keys):
//   saveGame(game, keep, extra)  save after every move; `extra` holds page settings
//   loadGame(game)               {saved} with {keep, extra, engine, time}, or {problem}
//                                for unreadable or old data, which is first set aside
//                                under its own key (setAside), so nothing is lost; or {}
//   setAside(game, why)          move the saved game out of the way, keeping its text;
//                                returns the key it went to
//   copyAside(game, why)         the same, but the saved game stays where it is
//   restoreAside(game, key)      put a game set aside back as the saved game
//   findAside(game, why)         the key of the latest game set aside for `why`, or null
//   forgetGame(game)             remove the saved game (after "start afresh")
//
// Share links (the part of the address after #):
//   shareHash(game, keep)        "#play=marvin&g=…&m=draw.GL.take-cave&n=3&c=1f2e3d4c"
//   readShareHash(hash, game)    {keep}, {problem} for a damaged or cut-short link, or {}
//
// `g` is the keep without its moves, as JSON; `m` the moves, spaces written as "-";
// `n` counts the moves and `c` is a check code over all of it, written last, so that a
// link cut short or changed by hand is told apart from a good one.

export const FORMAT = 1;
const PREFIX = "pirate-rules";

const keyOf = (game) => `${PREFIX}/${game}/saved`;

function storage() {
  try {
    const store = window.localStorage;
    store.getItem(keyOf("probe"));
    return store;
  } catch {
    return null; // storage switched off: games are simply not kept
  }
}

/** Save `keep` (and page settings `extra`) as the game in progress of `game`. */
export function saveGame(game, keep, extra = {}, engine = "") {
  const store = storage();
  if (!store) return false;
  const entry = { format: FORMAT, engine, time: new Date().toISOString(), keep, extra };
  try {
    store.setItem(keyOf(game), JSON.stringify(entry));
    return true;
  } catch {
    return false; // storage full: the game goes on unsaved
  }
}

/** Read the saved game of `game`: {saved}, {problem} (already set aside) or {}. */
export function loadGame(game) {
  const store = storage();
  const text = store?.getItem(keyOf(game));
  if (!text) return {};
  let entry;
  try {
    entry = JSON.parse(text);
  } catch {
    entry = null;
  }
  const usable =
    entry && typeof entry === "object" && entry.keep && typeof entry.keep === "object" &&
    Array.isArray(entry.keep.moves);
  if (!usable) {
    setAside(game, "unreadable");
    return { problem: "The saved game could not be read (it is damaged)." };
  }
  if (entry.format !== FORMAT) {
    setAside(game, `format ${entry.format}`);
    return { problem: "The saved game was kept by another version of this site." };
  }
  return { saved: entry };
}

/** Move the saved game of `game` to a key of its own; returns that key. */
export function setAside(game, why = "") {
  const key = copyAside(game, why);
  if (key) storage().removeItem(keyOf(game));
  return key;
}

/** Copy the saved game of `game` to a key of its own, and leave it saved; returns that
 * key. A copy of the very same text already set aside (say by a shared game's opening
 * that a reload cut short) is that key, so a game is never set aside twice. */
export function copyAside(game, why = "") {
  const store = storage();
  const text = store?.getItem(keyOf(game));
  if (text === null || text === undefined) return null;
  const same = asides(store, game).find(([, entry]) => entry?.text === text);
  if (same) return same[0];
  const key = `${PREFIX}/${game}/set-aside/${new Date().toISOString()}`;
  try {
    store.setItem(key, JSON.stringify({ why, text }));
  } catch {
    return null; // no room: leave the saved game where it is rather than lose it
  }
  return key;
}

/** The games of `game` set aside in `store`, as [key, entry] pairs, oldest first (keys end
 * in the time they were made); an entry that cannot be read is null. */
function asides(store, game) {
  const prefix = `${PREFIX}/${game}/set-aside/`;
  const found = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (!key?.startsWith(prefix)) continue;
    let entry = null;
    try {
      entry = JSON.parse(store.getItem(key));
    } catch {
      // not one of ours: leave it be
    }
    found.push([key, entry]);
  }
  return found.sort(([a], [b]) => (a < b ? -1 : 1));
}

/** The key of the game of `game` set aside last for `why` (say, when a shared game
 * was opened), or null: keys end in the time they were made, so the latest sorts last. */
export function findAside(game, why) {
  const store = storage();
  if (!store) return null;
  const found = asides(store, game).filter(([, entry]) => entry?.why === why);
  return found.length ? found[found.length - 1][0] : null;
}

/** Put the game set aside under `key` back as the saved game of `game`. */
export function restoreAside(game, key) {
  const store = storage();
  const entry = key && store?.getItem(key);
  if (!entry) return false;
  try {
    store.setItem(keyOf(game), JSON.parse(entry).text);
  } catch {
    return false;
  }
  store.removeItem(key);
  return true;
}

/** Remove the saved game of `game`. */
export function forgetGame(game) {
  storage()?.removeItem(keyOf(game));
}

// FNV-1a, 32 bits: a short check code, not a secret.
function check(text) {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

const encodeMove = (move) => String(move).trim().replace(/\s+/g, "-");
const decodeMove = (move) => move.replace(/-/g, " ");

/** The share link's hash for `keep` of `game`. */
export function shareHash(game, keep) {
  const { moves = [], ...start } = keep;
  const params = new URLSearchParams();
  params.set("play", game);
  params.set("g", JSON.stringify(start));
  params.set("m", moves.map(encodeMove).join("."));
  params.set("n", String(moves.length));
  params.set("c", check(params.toString()));
  return `#${params.toString()}`;
}

const CUT = "This link is incomplete: it may have been cut short when it was copied.";
const CHANGED = "This link has been changed or damaged, so it cannot open its game.";

/** Read a share link's hash: {keep}, {problem}, or {} when it is not a share link. */
export function readShareHash(hash, game) {
  const params = new URLSearchParams(String(hash || "").replace(/^#/, ""));
  if (!params.has("play")) return {};
  if (params.get("play") !== game) {
    return { problem: `This link is for another game (${params.get("play") || "none"}).` };
  }
  if (!params.has("c") || !params.has("n") || !params.has("m") || !params.has("g")) {
    return { problem: CUT };
  }
  const given = params.get("c");
  if (!/^[0-9a-f]{8}$/.test(given)) return { problem: given.length < 8 ? CUT : CHANGED };
  params.delete("c");
  if (check(params.toString()) !== given) return { problem: CHANGED };
  const moves = params.get("m") ? params.get("m").split(".").map(decodeMove) : [];
  if (moves.length !== Number(params.get("n"))) return { problem: CUT };
  let start;
  try {
    start = JSON.parse(params.get("g"));
  } catch {
    return { problem: CHANGED };
  }
  if (!start || typeof start !== "object" || Array.isArray(start)) return { problem: CHANGED };
  return { keep: { ...start, moves } };
}

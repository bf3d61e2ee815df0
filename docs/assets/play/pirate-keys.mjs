// Each player's keys on the Pirate page: one set on each side of the keyboard, shown on
// screen, changed by the players and remembered in this browser (localStorage).

const STORE = "pirate-rules:pirate-keys";
export const DEFAULT_KEYS = [
  { T: "f", P: "d", C: "s" }, // left hand: index finger turns
  { T: "j", P: "k", C: "l" }, // right hand
];
const NAMES = { T: "Turn", P: "Play", C: "Claim" };
// Keys that keep their usual job: moving focus, pressing buttons, leaving, pausing.
const RESERVED = new Set(["tab", "enter", " ", "escape", "shift", "control", "alt", "meta", "capslock"]);

/** A key as it is stored and compared: `event.key`, lower case. */
export const keyOf = (event) => event.key.toLowerCase();

/** How a key is shown: "F", "Space", "ArrowLeft" as "←"... */
export function keyLabel(key) {
  const arrows = { arrowleft: "←", arrowright: "→", arrowup: "↑", arrowdown: "↓" };
  return arrows[key] || (key.length === 1 ? key.toUpperCase() : key[0].toUpperCase() + key.slice(1));
}

function valid(keys) {
  if (!Array.isArray(keys) || keys.length !== 2) return false;
  const all = keys.flatMap((set) => ["T", "P", "C"].map((action) => set?.[action]));
  return all.every((key) => typeof key === "string" && key && !RESERVED.has(key)) && new Set(all).size === 6;
}

/** The saved keys, or the defaults. */
export function loadKeys() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORE));
    if (valid(saved)) return saved;
  } catch {
    // nothing saved, or storage refused: the defaults will do
  }
  return DEFAULT_KEYS.map((set) => ({ ...set }));
}

export function saveKeys(keys) {
  try {
    localStorage.setItem(STORE, JSON.stringify(keys));
  } catch {
    // private browsing may refuse storage: the keys still hold for this visit
  }
}

/** The seat and action of `key`; with one person playing, both sets are that person's. */
export function actionOf(keys, key, people) {
  for (const seat of [0, 1]) {
    for (const action of ["T", "P", "C"]) {
      if (keys[seat][action] !== key) continue;
      if (people[seat]) return { seat, action };
      const only = people.indexOf(true);
      if (people.filter(Boolean).length === 1) return { seat: only, action };
    }
  }
  return null;
}

/**
 * Give `seat`'s `action` the key `key`, unless the key is reserved or already taken.
 * Returns null when done, or a one-line reason why not.
 */
export function remap(keys, seat, action, key, names) {
  if (RESERVED.has(key)) return `${keyLabel(key)} keeps its usual job; choose another key.`;
  for (const other of [0, 1]) {
    for (const [taken, bound] of Object.entries(keys[other])) {
      if (bound === key && (other !== seat || taken !== action)) {
        return `${keyLabel(key)} is already ${names[other]}'s ${NAMES[taken]} key.`;
      }
    }
  }
  keys[seat][action] = key;
  saveKeys(keys);
  return null;
}

export const actionName = (action) => NAMES[action];

// An optional voice for those who cannot read yet: the browser's own speech
// (speechSynthesis, so nothing is downloaded) says the words the engine sends, in family
// words. It has its own switch, kept in this browser; it speaks slowly, in a voice of
// the page's language; it never speaks over itself; and it stops when the page is
// hidden. A browser with no voice says so on the switch, which then cannot be switched
// on, and the "Hear it again" buttons are hidden.
//
// A game played in turns (Marvin's Pirates Go!, the lessons) tells every line in order:
// `tell(text)` says a line once those before it are over, so that the page never cuts
// its own words; only the player's own tap does (`stop()`). A page in real time (Pirate)
// drops stale lines instead: `say(text)` silences what is being said and says `text`
// at once, and `say(text, { wait: true })` keeps one line for when the one being said
// is over (a newer such line replaces it).
//
//   createVoice(button, {none, again})
//       wire the switch `button` (`none`: its words when the browser has no voice;
//       `again`: the page's "Hear it again" buttons, shown only when there is a voice);
//       returns {tell(text), say(text, {wait}), again(text), stop()}: `again` says
//       `text` at once, even with the switch off (the player asked for it)

const STORE = "pirate-rules/voice";
const RATE = 0.8; // slower than usual, for children
const PITCH = 1.05;

function stored() {
  try {
    return window.localStorage.getItem(STORE) === "on";
  } catch {
    return false;
  }
}

function keep(on) {
  try {
    window.localStorage.setItem(STORE, on ? "on" : "off");
  } catch {
    // storage switched off: the switch holds for this visit only
  }
}

/** The best voice for `lang`: one of that language, the browser's default among them,
 * then one on this device (it works offline), then any. */
export function chooseVoice(voices, lang) {
  const base = (lang || "en").toLowerCase().split("-")[0];
  const ours = voices.filter((voice) => (voice.lang || "").toLowerCase().split(/[-_]/)[0] === base);
  const rank = (voice) => (voice.default ? 2 : 0) + (voice.localService ? 1 : 0);
  return [...ours].sort((a, b) => rank(b) - rank(a))[0] || null;
}

export function createVoice(button, { none = "No voice in this browser", again = [] } = {}) {
  const speech = "speechSynthesis" in window && typeof window.SpeechSynthesisUtterance === "function" ? window.speechSynthesis : null;
  let voice = null;
  let on = false;
  let current = null; // the utterance being said
  let queue = []; // the lines waiting for it to end, oldest first

  const draw = () => {
    button.disabled = !voice;
    button.setAttribute("aria-pressed", String(on && Boolean(voice)));
    button.textContent = voice ? (on ? "Voice: on" : "Voice: off") : none;
    button.title = voice ? `Read out what happens (${voice.name})` : "This browser has no voice to read out with";
    for (const hear of again) hear.hidden = !voice;
  };
  const findVoice = () => {
    voice = speech ? chooseVoice(speech.getVoices() || [], document.documentElement.lang) : null;
    on = Boolean(voice) && stored();
    draw();
  };
  const stop = () => {
    current = null;
    queue = [];
    speech?.cancel();
  };
  const speak = (text) => {
    const utterance = new window.SpeechSynthesisUtterance(text);
    utterance.voice = voice;
    utterance.lang = voice.lang;
    utterance.rate = RATE;
    utterance.pitch = PITCH;
    const over = () => {
      if (current !== utterance) return; // silenced: the player tapped, or the page hid
      current = null;
      const next = queue.shift();
      if (next && on && !document.hidden) speak(next);
    };
    utterance.onend = over;
    utterance.onerror = over;
    current = utterance;
    speech.speak(utterance);
  };
  // A line of ours is being said (or waits in the browser to be): a browser that never
  // ends an utterance leaves `current` set, so its own word is asked too.
  const speaking = () => Boolean(current && (speech.speaking || speech.pending));

  findVoice();
  // Many browsers list their voices a moment after the page loads.
  speech?.addEventListener?.("voiceschanged", findVoice);
  button.addEventListener("click", () => {
    if (!voice) return;
    on = !on;
    keep(on);
    if (!on) stop();
    draw();
  });
  document.addEventListener("visibilitychange", () => document.hidden && stop());
  window.addEventListener("pagehide", stop);

  return {
    stop,
    tell(text) {
      if (!text || !on || !voice || document.hidden) return;
      if (speaking()) queue.push(text);
      else speak(text);
    },
    say(text, { wait = false } = {}) {
      if (!text || !on || !voice || document.hidden) return;
      if (wait && speaking()) {
        queue = [text]; // said next, unless a newer line comes first
        return;
      }
      stop(); // the newest words replace any still being said
      speak(text);
    },
    again(text) {
      if (!text || !voice) return;
      stop();
      speak(text);
    },
  };
}

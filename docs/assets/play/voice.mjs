// An optional voice for those who cannot read yet: the browser's own speech
// (speechSynthesis, so nothing is downloaded) says the words the engine sends, in family
// words. It has its own switch, kept in this browser; it speaks slowly, in a voice of
// the page's language; a new sentence replaces the one being said, so that it never
// speaks over itself; and it stops when the page is hidden. A browser with no voice
// says so on the switch, which then cannot be switched on.
//
// A page in real time (Pirate) says some lines only once the one being said is over:
// `say(text, { wait: true })` keeps one such line, and a newer line replaces it, so
// that nothing stale piles up; a line without `wait` silences both at once.
//
//   createVoice(button, {none})   wire the switch `button` (`none`: its words when the
//                                 browser has no voice); returns {say(text, {wait}), stop()}

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

export function createVoice(button, { none = "No voice in this browser" } = {}) {
  const speech = "speechSynthesis" in window && typeof window.SpeechSynthesisUtterance === "function" ? window.speechSynthesis : null;
  let voice = null;
  let on = false;
  let current = null; // the utterance being said
  let waiting = ""; // the one line waiting for it to end

  const draw = () => {
    button.disabled = !voice;
    button.setAttribute("aria-pressed", String(on && Boolean(voice)));
    button.textContent = voice ? (on ? "Voice: on" : "Voice: off") : none;
    button.title = voice ? `Read out what happens (${voice.name})` : "This browser has no voice to read out with";
  };
  const findVoice = () => {
    voice = speech ? chooseVoice(speech.getVoices() || [], document.documentElement.lang) : null;
    on = Boolean(voice) && stored();
    draw();
  };
  const stop = () => {
    current = null;
    waiting = "";
    speech?.cancel();
  };
  const speak = (text) => {
    const utterance = new window.SpeechSynthesisUtterance(text);
    utterance.voice = voice;
    utterance.lang = voice.lang;
    utterance.rate = RATE;
    utterance.pitch = PITCH;
    const over = () => {
      if (current !== utterance) return; // silenced: a newer line took its place
      current = null;
      const next = waiting;
      waiting = "";
      if (next && on && !document.hidden) speak(next);
    };
    utterance.onend = over;
    utterance.onerror = over;
    current = utterance;
    speech.speak(utterance);
  };

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
    say(text, { wait = false } = {}) {
      if (!text || !on || !voice || document.hidden) return;
      if (wait && current && speech.speaking) {
        waiting = text; // said next, unless a newer line comes first
        return;
      }
      stop(); // the newest words replace any still being said
      speak(text);
    },
  };
}

"""A stand-in for the browser's speechSynthesis, for the play pages' voice tests.

The test browser has no voices. This init script gives it one English voice (or none:
``voices="[]"``) and records what ``speechSynthesis.speak`` is given (``window.spoken``).
It speaks like a real one: a line is being said until the test ends it
(``window.endSpeaking()``, which fires the utterance's ``end``) or the page cancels it;
a line spoken while another is still being said counts as an overlap
(``window.overlaps``). ``window.setVoices(list)`` changes the voices and tells the page.

A slow voice (``speech(ms_per_char=...)``) ends each line by itself once it has been
said, that many milliseconds a character (``window.msPerChar``; 0 holds each line until
the test ends it): a line the page cancels before then is marked ``cut`` (`cut_lines`),
and `silent` waits until it has nothing left to say.
"""

from __future__ import annotations

from playwright.sync_api import Page

SPEECH = """
window.spoken = [];
window.cancelled = 0;
window.overlaps = 0;
let voices = VOICES;
let saying = null;
const listeners = [];
const entries = new WeakMap(); // each utterance's line in window.spoken
window.msPerChar = MS_PER_CHAR; // 0: a line lasts until the test ends it
const fake = {
  get speaking() { return saying !== null; },
  pending: false,
  getVoices: () => voices,
  speak(utterance) {
    if (saying) window.overlaps += 1;
    saying = utterance;
    const { text, rate, voice } = utterance;
    const entry = { text, rate, voice: voice?.name, at: performance.now(), cut: false };
    entries.set(utterance, entry);
    window.spoken.push(entry);
    const ms = text.length * window.msPerChar;
    if (ms > 0) entry.timer = setTimeout(() => saying === utterance && window.endSpeaking(), ms);
  },
  cancel() {
    window.cancelled += 1;
    const was = saying;
    saying = null;
    if (!was) return;
    const entry = entries.get(was);
    entry.cut = true;
    clearTimeout(entry.timer);
    setTimeout(() => was.onerror?.({ error: "interrupted" }));
  },
  addEventListener(kind, listener) { if (kind === "voiceschanged") listeners.push(listener); },
};
window.endSpeaking = () => {
  const was = saying;
  saying = null;
  if (was) clearTimeout(entries.get(was).timer);
  was?.onend?.({});
};
window.setVoices = (list) => { voices = list; listeners.forEach((listener) => listener()); };
Object.defineProperty(window, "speechSynthesis", { value: fake, configurable: true });
window.SpeechSynthesisUtterance = class { constructor(text) { this.text = text; } };
"""

ENGLISH = '[{ name: "Near English", lang: "en-GB", default: false, localService: true }]'


def speech(voices: str = ENGLISH, ms_per_char: int = 0) -> str:
    """The init script, with ``voices`` (a JavaScript list); with ``ms_per_char``, a slow
    voice that ends each line by itself after that long a character."""
    return SPEECH.replace("VOICES", voices).replace("MS_PER_CHAR", str(ms_per_char))


def spoken(page: Page) -> list[str]:
    """The texts the page gave the voice, in order."""
    return [str(line["text"]) for line in page.evaluate("window.spoken")]


def cut_lines(page: Page) -> list[str]:
    """The lines the page silenced before the voice had said them whole."""
    return [str(line["text"]) for line in page.evaluate("window.spoken") if line["cut"]]


def silent(page: Page) -> None:
    """Wait until the slow voice has said all it was given: the page gives the next line
    as soon as one ends, so a voice with nothing to say has nothing left."""
    page.wait_for_function("!speechSynthesis.speaking")


def hide(page: Page) -> None:
    """The page as hidden (another tab, the phone locked): its visibilitychange fires."""
    page.evaluate("""() => {
        Object.defineProperty(document, "hidden", { value: true, configurable: true });
        document.dispatchEvent(new Event("visibilitychange"));
    }""")


def show(page: Page) -> None:
    page.evaluate("""() => {
        delete document.hidden;
        document.dispatchEvent(new Event("visibilitychange"));
    }""")

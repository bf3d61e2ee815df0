"""A stand-in for the browser's speechSynthesis, for the play pages' voice tests.

The test browser has no voices. This init script gives it one English voice (or none:
``voices="[]"``) and records what ``speechSynthesis.speak`` is given (``window.spoken``).
It speaks like a real one: a line is being said until the test ends it
(``window.endSpeaking()``, which fires the utterance's ``end``) or the page cancels it;
a line spoken while another is still being said counts as an overlap
(``window.overlaps``). ``window.setVoices(list)`` changes the voices and tells the page.
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
const fake = {
  get speaking() { return saying !== null; },
  pending: false,
  getVoices: () => voices,
  speak(utterance) {
    if (saying) window.overlaps += 1;
    saying = utterance;
    const { text, rate, voice } = utterance;
    window.spoken.push({ text, rate, voice: voice?.name, at: performance.now() });
  },
  cancel() {
    window.cancelled += 1;
    const was = saying;
    saying = null;
    if (was) setTimeout(() => was.onerror?.({ error: "interrupted" }));
  },
  addEventListener(kind, listener) { if (kind === "voiceschanged") listeners.push(listener); },
};
window.endSpeaking = () => {
  const was = saying;
  saying = null;
  was?.onend?.({});
};
window.setVoices = (list) => { voices = list; listeners.forEach((listener) => listener()); };
Object.defineProperty(window, "speechSynthesis", { value: fake, configurable: true });
window.SpeechSynthesisUtterance = class { constructor(text) { this.text = text; } };
"""

ENGLISH = '[{ name: "Near English", lang: "en-GB", default: false, localService: true }]'


def speech(voices: str = ENGLISH) -> str:
    """The init script, with ``voices`` (a JavaScript list)."""
    return SPEECH.replace("VOICES", voices)


def spoken(page: Page) -> list[str]:
    """The texts the page gave the voice, in order."""
    return [str(line["text"]) for line in page.evaluate("window.spoken")]


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

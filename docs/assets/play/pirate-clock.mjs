// Real time into moments, for the Pirate page (the "Real time as moments" page explains it).
//
// * A person's action opens a tie window of TIE_WINDOW_MS; everything both seats do in
//   it forms one moment, sent when the window closes. A press counts from its own event's
//   time stamp, so two fingers 20 ms apart are one moment even if the page handles both
//   events later, together. The window closes early once no
//   one else can join it (both seats have acted, or the other seat is a computer whose
//   next beat comes after the window), and when a seat acts again (that action opens
//   the next window), so no press waits for more than one window.
// * A computer looks at the table once per beat, every tenth of a second (the view's
//   beat_ms; shorter or longer only when two computers are watched faster or slower,
//   and shorter while only the computer can act): the beat joins the open window, or
//   opens one. The clock moves the game on only through these beats; with two people
//   there are none, and nothing happens until someone acts.
// * One moment is on its way to the engine at a time. A beat that falls due meanwhile
//   waits for the answer instead of piling up, so the clock never runs ahead of a slow
//   page, and a pause (a hidden tab) stops the beats: there is never a burst to catch up.
// No rule is decided here: the engine judges every action of every moment.

export const TIE_WINDOW_MS = 100;
export const FAST_BEAT_MS = 25; // four times real time, while only the computer can act
const MAX_WAITING = 20; // moments queued behind a slow engine before key mashing is dropped

export class MomentClock {
  /**
   * `send(moment)` plays one moment and resolves once it is drawn; a moment is
   * `{actions: [letter|null, letter|null], looks: [seats], pressed: [time|null, time|null]}`.
   */
  constructor(send) {
    this.send = send;
    this.running = false;
    this.computers = [];
    this.people = false;
    this.beatMs = 100;
    this.reset();
  }

  /** Forget everything of the game before (a new game begins). */
  reset() {
    this.stop();
    this.open = null;
    this.waiting = [];
    this.busy = false;
    this.beatDue = false;
    this.generation = (this.generation || 0) + 1;
  }

  /** Who plays: `computers` lists the seats a computer plays; `people` is whether anyone presses keys. */
  seat({ computers, people }) {
    this.computers = computers;
    this.people = people;
  }

  /** The length of a beat in milliseconds (faster in a one-sided stretch, or when watching). */
  setBeat(ms) {
    if (ms === this.beatMs) return;
    this.beatMs = ms;
    if (this.running) this.schedule();
  }

  start() {
    if (this.running) return;
    this.running = true;
    this.lastBeat = performance.now();
    this.schedule();
  }

  /** Stop the beats; what people already did is still played, nothing more comes. */
  pause() {
    this.running = false;
    this.stop();
    if (this.open) this.close();
  }

  stop() {
    clearTimeout(this.beatTimer);
    this.beatTimer = null;
  }

  /**
   * A person in `seat` did `action` at `time` (an event's time stamp, on the clock of
   * performance.now()). Returns false when the press is dropped (far too many waiting).
   */
  act(seat, action, time = performance.now()) {
    const now = performance.now();
    // The press's own time, unless the event carries none that makes sense.
    const at = Number.isFinite(time) && time <= now && time > now - 10 * TIE_WINDOW_MS ? time : now;
    const open = this.open;
    if (open && (open.actions[seat] !== null || at >= open.opened + TIE_WINDOW_MS)) this.close();
    if (!this.open && this.waiting.length >= MAX_WAITING) return false;
    const moment = this.open || this.begin(at);
    moment.actions[seat] = action;
    moment.pressed[seat] = at;
    this.closeIfFull();
    return true;
  }

  /**
   * Close the window once nothing more can join it: each seat has acted (or looked), or
   * is a computer whose next beat comes after the window ends.
   */
  closeIfFull() {
    const moment = this.open;
    const ends = moment.opened + TIE_WINDOW_MS;
    const nextBeat = this.beatDue ? 0 : this.beatTimer ? this.lastBeat + this.beatMs : Infinity;
    const done = (seat) =>
      moment.actions[seat] !== null ||
      moment.looks.includes(seat) ||
      (this.computers.includes(seat) && nextBeat > ends);
    if (done(0) && done(1)) this.close();
  }

  begin(opened = performance.now()) {
    const moment = { actions: [null, null], looks: [], pressed: [null, null], opened };
    this.open = moment;
    const wait = this.people ? Math.max(0, opened + TIE_WINDOW_MS - performance.now()) : 0;
    moment.timer = setTimeout(() => this.open === moment && this.close(), wait);
    return moment;
  }

  close() {
    const moment = this.open;
    clearTimeout(moment.timer);
    this.open = null;
    moment.closed = performance.now();
    this.waiting.push(moment);
    this.pump();
  }

  async pump() {
    if (this.busy || !this.waiting.length) return;
    const generation = this.generation;
    const moment = this.waiting.shift();
    this.busy = true;
    moment.sent = performance.now();
    try {
      await this.send(moment);
    } finally {
      if (generation === this.generation) {
        this.busy = false;
        if (this.beatDue && !this.waiting.length) this.beat();
        this.pump();
      }
    }
  }

  schedule() {
    this.stop();
    if (!this.running || !this.computers.length) return;
    const delay = Math.max(0, this.lastBeat + this.beatMs - performance.now());
    this.beatTimer = setTimeout(() => this.onBeat(), delay);
  }

  onBeat() {
    this.beatTimer = null;
    if (!this.running) return;
    if (this.busy || this.waiting.length) {
      this.beatDue = true; // taken when the engine answers: never two beats in one moment
      return;
    }
    this.beat();
  }

  beat() {
    this.beatDue = false;
    if (!this.running) return;
    this.lastBeat = performance.now();
    const moment = this.open || this.begin();
    moment.looks = [...this.computers];
    this.closeIfFull();
    this.schedule();
  }
}

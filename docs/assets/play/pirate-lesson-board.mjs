// The board of the Pirate lessons (lessons.mjs): the play page's table (pirate-table.mjs),
// with the child's Turn, Play and Claim buttons. Every action the rules allow the child
// now glows, as in a game, and the others cannot be pressed; a tap on a button is one
// moment, sent to the engine (pirate_rules.web.pirate_lessons), which also decides what
// the computer does in it. Each step the engine sends back is one moment: its table,
// drawn with the play page's animations, and its family words, in the status line.

import { installIcons } from "./icons.mjs";
import { PirateTable } from "./pirate-table.mjs";

const PEOPLE = [true, false];

export const pirateBoard = {
  calls: { list: "pirate_lessons_list", start: "pirate_lesson_start", tap: "pirate_lesson_tap" },
  store: "pirate-rules/lessons/pirate/stars",
  build(box, onPick) {
    installIcons(); // the goals' pictures draw the ship
    box.classList.add("pir-lesson-table");
    this.table = new PirateTable(box, { onAction: (seat, action) => seat === 0 && onPick(action) });
    for (const [action, { button }] of this.table.seats[0].buttons) button.id = `action-${action}`;
  },
  dealt(first) {
    this.table.draw(first.table, { hints: true, people: PEOPLE });
    this.glow([]);
  },
  offerDraw() {
    this.glow([]); // Pirate has no pile to tap: nothing glows while the moments are shown
  },
  stepTime: (step) => (step.seat === 0 ? 1.1 : 1.6),
  stepLine: (step) => step.family, // what each moment did, in the status line
  showStep(step) {
    this.table.draw(step.table, { hints: true, people: PEOPLE });
    this.glow([]);
  },
  draw(next) {
    this.table.draw(next.table, { hints: true, people: PEOPLE });
    this.glow(next.done ? [] : next.legal);
  },
  pick() {},
  tapped: (next, picked, id) => ({ move: id }),
  /** Only the child's legal actions glow and can be pressed. */
  glow(legal) {
    for (const [action, { button }] of this.table.seats[0].buttons) {
      const on = legal.includes(action);
      button.disabled = !on;
      button.classList.toggle("is-choice", on);
    }
  },
};

// The record viewer's Pirate table: the Pirate page's own table (pirate-table.mjs),
// drawn without action buttons from each step's view.

import { el } from "./client.mjs";
import { PirateTable } from "./pirate-table.mjs";

function build(box) {
  const board = el("div", { class: "pir-board" });
  box.append(board);
  return new PirateTable(board);
}

function draw(table, view) {
  table.draw(view);
}

export const pirateRenderer = { build, draw };

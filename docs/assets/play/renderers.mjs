// Table drawings for the record viewer, one per game. A renderer is
//
//   { build(box) -> state,  draw(state, view) }
//
// `build` makes the table once inside `box`; `draw` draws one step's `view` (the same
// view the game's play page gets from the engine: marvin_view or pirate_view). The
// viewer picks the renderer by the record's game:
//
//   registerRenderer(game, renderer)   add or replace the drawing of "marvin" or "pirate"
//   rendererFor(game)                  the drawing for a game, or null

const renderers = new Map();

export function registerRenderer(game, renderer) {
  renderers.set(game, renderer);
}

export function rendererFor(game) {
  return renderers.get(game) || null;
}

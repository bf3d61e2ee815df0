// Picking a Marvin's Pirates Go! move by tapping the table: one tap for a move of one
// place (or the one move a place names, its `element`), two for a move of two places
// (the Ship's two pirates, or a pirate and the Cave or the Fort), in either order.
// It reads the `legal` choices of a view (pirate_rules.web.marvin) and decides nothing.
//
//   pairsWith(legal, id)            the choices of two places, one of which is `id`
//   tapped(legal, picked, id)       what a tap on `id` does: {move} to play, or {pick},
//                                   the place now picked first (null: none)
//   placeOffers(parts, legal, id)   the places to offer now, each glowing when worth a
//                                   tap, with its words; `id` is the place picked first

import { placeOf } from "./marvin-table.mjs";

export const pairsWith = (legal, id) => (legal || []).filter((choice) => choice.places.length === 2 && choice.places.includes(id));

export function placeOffers(parts, legal, picked) {
  const offers = new Map();
  const partners = picked ? new Set(pairsWith(legal, picked).flatMap((choice) => choice.places)) : null;
  for (const choice of legal) {
    for (const id of choice.places) {
      const words = placeOf(parts, id)?.dataset.words || id;
      const label = choice.element === id ? choice.label : picked === id ? `${words}: picked; tap again to let go` : `${words}: pick it, then the other place or the prize`;
      const glow = partners ? partners.has(id) && id !== picked : true;
      if (!offers.has(id) || choice.element === id) offers.set(id, { id, label, glow });
    }
  }
  for (const choice of picked ? pairsWith(legal, picked) : []) {
    const other = choice.places.find((id) => id !== picked);
    offers.set(other, { id: other, label: choice.label, glow: true });
  }
  return [...offers.values()];
}

export function tapped(legal, picked, id) {
  if (picked && id !== picked) {
    const pair = pairsWith(legal, picked).find((choice) => choice.places.includes(id));
    if (pair) return { move: pair.move };
  }
  if (picked === id) return { pick: null };
  const one = legal.find((choice) => choice.element === id);
  if (one) return { move: one.move };
  return { pick: pairsWith(legal, id).length ? id : null };
}

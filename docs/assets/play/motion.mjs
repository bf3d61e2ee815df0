// Small animations for the play pages, with the Web Animations API. Nothing moves when
// the visitor asks for reduced motion: every function then does nothing, so the page
// shows each state at once (the steps still come one at a time).
//
//   reducedMotion()               true when the visitor prefers reduced motion
//   rectOf(node)                  where a node is now (to move something from there later)
//   flyFrom(node, rect, ms, how)  make `node` travel from `rect` to where it is now; `how`:
//                                 {turned} for a node in a part drawn upside down (it then
//                                 moves the other way), {scale: false} to keep its size,
//                                 {now}: where it is, if already measured
//   flyCopy(node, from, to, ms)   a copy of `node` travels above the page from the rect
//                                 `from` to the rect `to`, then goes (for a picture whose
//                                 own place would clip it on the way)
//   play(node, effect, ms)        one of the named effects below, on `node`
//   popBadge(node, text, ms)      a short word ("-1", "KO") that rises a little inside
//                                 `node` and fades (it never leaves the node's box)
//
// Effects: "hit" (a shake), "slash" (a harder shake), "kill" (a fall), "shield" and
// "return" (a pop), "hide" (a shrink into the Cave), "take" (a bounce), "glow" (a ring).

const query = window.matchMedia?.("(prefers-reduced-motion: reduce)");

export const reducedMotion = () => Boolean(query?.matches);

export function rectOf(node) {
  return node?.isConnected ? node.getBoundingClientRect() : null;
}

export function flyFrom(node, rect, ms = 400, { turned = false, scale: scaled = true, now = null } = {}) {
  if (reducedMotion() || !node || !rect || !node.isConnected) return null;
  now ||= node.getBoundingClientRect();
  const turn = turned ? -1 : 1;
  const dx = turn * (rect.left + rect.width / 2 - (now.left + now.width / 2));
  const dy = turn * (rect.top + rect.height / 2 - (now.top + now.height / 2));
  if (Math.abs(dx) + Math.abs(dy) < 2) return null;
  const scale = scaled && now.width ? rect.width / now.width : 1;
  return node.animate(
    [
      { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, zIndex: 5 },
      { transform: "translate(0, 0) scale(1)", zIndex: 5 },
    ],
    { duration: ms, easing: "cubic-bezier(.2,.7,.3,1)" },
  );
}

export function flyCopy(node, from, to, ms = 300) {
  if (reducedMotion() || !node || !from || !to) return null;
  const copy = node.cloneNode(true);
  copy.removeAttribute("id");
  copy.setAttribute("aria-hidden", "true");
  copy.classList.add("motion-copy");
  Object.assign(copy.style, {
    position: "fixed",
    left: `${to.left}px`,
    top: `${to.top}px`,
    width: `${to.width}px`,
    height: `${to.height}px`,
    margin: "0",
    pointerEvents: "none",
  });
  document.body.append(copy);
  const animation = flyFrom(copy, from, ms, { now: to });
  const remove = () => copy.remove();
  if (animation) animation.finished.then(remove, remove);
  else remove();
  return animation;
}

const EFFECTS = {
  hit: [
    { transform: "translateX(0)" },
    { transform: "translateX(-6px) rotate(-3deg)", filter: "brightness(1.3)" },
    { transform: "translateX(6px) rotate(3deg)" },
    { transform: "translateX(0)" },
  ],
  slash: [
    { transform: "translateX(0)" },
    { transform: "translateX(-9px) rotate(-6deg)", filter: "brightness(1.4)" },
    { transform: "translateX(9px) rotate(6deg)" },
    { transform: "translateX(-5px)" },
    { transform: "translateX(0)" },
  ],
  kill: [
    { transform: "rotate(0) translateY(0)", opacity: 1 },
    { transform: "rotate(-20deg) translateY(-6px)", opacity: 1 },
    { transform: "rotate(0) translateY(0)", opacity: 1 },
  ],
  shield: [{ transform: "scale(1)" }, { transform: "scale(1.12)" }, { transform: "scale(1)" }],
  return: [{ transform: "scale(.6)", opacity: 0.3 }, { transform: "scale(1)", opacity: 1 }],
  hide: [{ transform: "scale(1.1)" }, { transform: "scale(.85)" }, { transform: "scale(1)" }],
  take: [{ transform: "translateY(0)" }, { transform: "translateY(-10px)" }, { transform: "translateY(0)" }],
  glow: [
    { boxShadow: "0 0 0 0 rgb(255 193 7 / 90%)" },
    { boxShadow: "0 0 0 10px rgb(255 193 7 / 0%)" },
  ],
};

export function play(node, effect, ms = 450) {
  if (reducedMotion() || !node?.isConnected || !EFFECTS[effect]) return null;
  return node.animate(EFFECTS[effect], { duration: ms, easing: "ease-out" });
}

export function popBadge(node, text, ms = 900) {
  if (reducedMotion() || !node?.isConnected) return null;
  const badge = document.createElement("span");
  badge.className = "motion-badge";
  badge.setAttribute("aria-hidden", "true");
  badge.textContent = text;
  node.append(badge);
  const animation = badge.animate(
    [
      { transform: "translate(-50%, -20%) scale(.6)", opacity: 0 },
      { transform: "translate(-50%, -50%) scale(1.2)", opacity: 1, offset: 0.25 },
      { transform: "translate(-50%, -80%) scale(1)", opacity: 0 },
    ],
    { duration: ms, easing: "ease-out" },
  );
  const remove = () => badge.remove();
  animation.finished.then(remove, remove);
  return animation;
}

// Keeps the site's single-key shortcuts (search, next and previous page) away from a
// game: while `active()` is true, the keys the site listens for do nothing but what the
// page itself does with them. Typing in a form field is never touched.
//
//   guardShortcuts(active)   install once; `active` is a function read at each key press
//   SITE_KEYS                the keys the site's theme binds: f s / (search), n . (next
//                            page), p , (previous page)

export const SITE_KEYS = new Set(["f", "s", "/", "n", ".", "p", ","]);

export function guardShortcuts(active) {
  const onKey = (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || !active()) return;
    if (event.target.closest?.("input, select, textarea, [contenteditable]")) return;
    if (SITE_KEYS.has(event.key.toLowerCase())) event.stopPropagation();
  };
  // The capture phase on window runs before any listener of the theme.
  window.addEventListener("keydown", onKey, true);
  return () => window.removeEventListener("keydown", onKey, true);
}

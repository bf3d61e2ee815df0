// The rules pages as a rule book: a "Code examples" switch that hides every example,
// remembered across pages and visits. The page's examples sit in `.rule-example` blocks;
// hiding them is a class on <html> that `rulebook.css` reads. The switch comes with the
// page (hooks/page_tools.py), so that nothing moves when it is wired here. No game logic.
(() => {
  const KEY = "pirate-rules.hide-examples";
  const HIDDEN = "rulebook-hide-examples";
  const root = document.documentElement;

  const remembered = () => {
    try {
      return localStorage.getItem(KEY) === "1";
    } catch {
      return false; // storage switched off: examples stay shown
    }
  };

  const remember = (hidden) => {
    try {
      localStorage.setItem(KEY, hidden ? "1" : "0");
    } catch {
      // storage switched off: the choice lasts for this page only
    }
  };

  root.classList.toggle(HIDDEN, remembered()); // set before the page was drawn (overrides/main.html)
  const button = document.querySelector(".rulebook-switch");
  if (!button) return;

  const render = () => {
    const shown = !root.classList.contains(HIDDEN);
    button.setAttribute("aria-checked", String(shown));
    button.title = shown
      ? "Hide the code examples, to read the rules as a rule book"
      : "Show the code examples that run against the engine";
  };
  button.addEventListener("click", () => {
    const hidden = !root.classList.contains(HIDDEN);
    root.classList.toggle(HIDDEN, hidden);
    remember(hidden);
    render();
  });
  window.addEventListener("storage", (event) => {
    if (event.key === KEY) {
      root.classList.toggle(HIDDEN, event.newValue === "1");
      render();
    }
  });
  render();
})();

// The rules pages as a rule book: a "Code examples" switch that hides every example,
// remembered across pages and visits. The page's examples sit in `.rule-example` blocks;
// hiding them is a class on <html> that `rulebook.css` reads. No game logic here.
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

  root.classList.toggle(HIDDEN, remembered());
  if (!document.querySelector(".rule-example")) return;

  const button = document.createElement("button");
  button.type = "button";
  button.className = "rulebook-switch";
  button.setAttribute("role", "switch");
  button.innerHTML =
    '<span class="rulebook-switch__track" aria-hidden="true"></span>' +
    '<span class="rulebook-switch__label">Code examples</span>';
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
  const heading = document.querySelector(".md-content h1");
  if (heading) heading.after(button);
  else document.querySelector(".md-content")?.prepend(button);
})();

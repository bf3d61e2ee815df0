// The live pages' code editor, loaded only when a reader starts to use one: this small
// module is all a page needs until then; the editor itself (editor-view.mjs and the
// CodeMirror bundle, a few hundred kB) loads on the first focus, hover or touch.
//
// For any page script (the bot lab, the examples, a course page):
//
//   import { lazyEditor } from "<site>/assets/live/editor.mjs";
//   const editor = lazyEditor(textarea, { label: "Your code", onChange: (text) => {...} });
//   editor.text = "x = 1\n";   // the code: read and set it before and after loading
//   editor.mark([2]);          // mark lines in red (a traceback's), loading it first
//   editor.focus();            // focus it, loading it first
//   await editor.load();       // load it now (resolves to the loaded editor)
//
// `target` is a <textarea>, a plain editor until the code editor replaces it (its value
// stays in sync, so a form still sends it), or a block that shows the code, such as a
// highlighted code block (made focusable, so that the keyboard reaches it too). Options:
// `label` (the accessible name), `prompts` (a console example: Enter starts the next
// line with a prompt), `onRun` (Ctrl/Cmd+Enter), `onChange(text)`, `text` (the code to
// start with, instead of the target's), `className` of the editor's box, and `within`
// (an element whose focus, hover or touch also loads the editor; the target by default).

let view = null;

/** Load the code editor's modules (once). */
export function loadView() {
  view ??= import("./editor-view.mjs");
  return view;
}

/** Fetch the code editor's files without running them, so that it opens at once later. */
export function preloadEditor() {
  if (view || document.querySelector("link[data-live-editor]")) return;
  for (const name of ["./editor-view.mjs", "./codemirror.mjs"]) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = new URL(name, import.meta.url).href;
    link.dataset.liveEditor = "";
    document.head.append(link);
  }
}

/**
 * An editor in `parent` holding `text`, once the code editor has loaded. Options as for
 * lazyEditor. Resolves to {view, text (get/set), mark(lines), focus()}.
 */
export async function createEditor(parent, text, options = {}) {
  return (await loadView()).createEditor(parent, text, options);
}

const TRIGGERS = ["focusin", "pointerenter", "pointerdown"];

/** The code of `target` in an editor that loads on first use: see the top of this file. */
export function lazyEditor(target, options = {}) {
  const area = target instanceof HTMLTextAreaElement;
  const shown = area ? null : target.querySelector("code") || target;
  if (options.text !== undefined) {
    if (area) target.value = options.text;
    else shown.textContent = options.text;
  }
  if (!area && target.tabIndex < 0) {
    target.tabIndex = 0;
    target.setAttribute("role", "group");
    target.setAttribute("aria-label", `${options.label || "Code"}: focus it to edit`);
  }
  if (area) target.addEventListener("input", () => editor === null && options.onChange?.(target.value));
  let editor = null;
  let loading = null;
  const within = options.within || target;
  const handle = {
    get loaded() {
      return editor !== null;
    },
    get text() {
      if (editor) return editor.text;
      return area ? target.value : shown.textContent;
    },
    set text(value) {
      if (editor) editor.text = value;
      else if (area) target.value = value;
      else shown.textContent = value;
    },
    mark(lines) {
      if (editor) editor.mark(lines);
      else if (lines.length) handle.load().then((loaded) => loaded.mark(lines));
    },
    focus() {
      if (editor) editor.focus();
      else handle.load().then((loaded) => loaded.focus());
    },
    load() {
      loading ??= (async () => {
        const { createEditor: make } = await loadView();
        const holder = document.createElement("div");
        holder.className = options.className || "live-editor";
        const focused = target.contains(document.activeElement);
        const text = handle.text;
        if (area) {
          target.after(holder);
          target.hidden = true;
        } else {
          target.replaceWith(holder);
        }
        editor = make(holder, text, {
          ...options,
          onChange: (now) => {
            if (area) target.value = now;
            options.onChange?.(now);
          },
        });
        if (focused) editor.focus();
        return editor;
      })();
      return loading;
    },
  };
  const start = () => {
    TRIGGERS.forEach((name) => within.removeEventListener(name, start));
    handle.load();
  };
  TRIGGERS.forEach((name) => within.addEventListener(name, start, { passive: true }));
  return handle;
}

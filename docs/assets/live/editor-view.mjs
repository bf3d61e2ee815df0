// The live pages' code editor itself: CodeMirror 6 (bundled at build time into
// codemirror.mjs by hooks/editor_bundle.py), coloured with the site's own code colours,
// with lines that a traceback names marked in red. Pages load it through editor.mjs,
// only when a reader starts to use an editor.

import {
  Decoration,
  EditorState,
  EditorView,
  HighlightStyle,
  StateEffect,
  StateField,
  bracketMatching,
  defaultKeymap,
  drawSelection,
  highlightSpecialChars,
  history,
  historyKeymap,
  indentOnInput,
  indentUnit,
  keymap,
  lineNumbers,
  python,
  syntaxHighlighting,
  tags,
} from "./codemirror.mjs";

const colours = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.definitionKeyword, tags.moduleKeyword], color: "var(--md-code-hl-keyword-color)" },
  { tag: [tags.string, tags.special(tags.string)], color: "var(--md-code-hl-string-color)" },
  { tag: [tags.number, tags.bool, tags.null], color: "var(--md-code-hl-number-color)" },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: "var(--md-code-hl-function-color)" },
  { tag: [tags.definition(tags.variableName), tags.className], color: "var(--md-code-hl-constant-color)" },
  { tag: [tags.comment], color: "var(--md-code-hl-comment-color)", fontStyle: "italic" },
  { tag: [tags.operator, tags.punctuation], color: "var(--md-code-hl-operator-color)" },
]);

const theme = EditorView.theme({
  "&": { color: "var(--md-code-fg-color)", backgroundColor: "var(--md-code-bg-color)", fontSize: "0.85em" },
  ".cm-content": { fontFamily: "var(--md-code-font-family)", caretColor: "var(--md-code-fg-color)" },
  ".cm-gutters": { backgroundColor: "var(--md-code-bg-color)", color: "var(--md-code-fg-color)", border: "none" },
  "&.cm-focused": { outline: "2px solid var(--md-accent-fg-color)" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground": { backgroundColor: "var(--md-accent-fg-color--transparent)" },
  ".cm-live-error": { backgroundColor: "var(--live-error-bg)" },
});

const setMarks = StateEffect.define();
const marks = StateField.define({
  create: () => Decoration.none,
  update(value, transaction) {
    let next = value.map(transaction.changes);
    for (const effect of transaction.effects) {
      if (!effect.is(setMarks)) continue;
      const doc = transaction.state.doc;
      const lines = [...new Set(effect.value)].filter((n) => n >= 1 && n <= doc.lines).sort((a, b) => a - b);
      next = Decoration.set(lines.map((n) => Decoration.line({ class: "cm-live-error" }).range(doc.line(n).from)));
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

// In a console example, Enter starts the next line with a prompt: "... " inside a block
// (after a line ending with ":"), ">>> " otherwise.
function newPromptLine(view) {
  const { state } = view;
  const range = state.selection.main;
  if (!range.empty) return false;
  const line = state.doc.lineAt(range.head);
  if (range.head !== line.to) return false;
  const match = /^(>>>|\.\.\.) ( *)(.*)$/.exec(line.text);
  if (!match) return false;
  const [, prompt, indent, body] = match;
  let next = ">>> ";
  if (body.trimEnd().endsWith(":")) next = `... ${indent}    `;
  else if (prompt === "..." && body.trim()) next = `... ${indent}`;
  view.dispatch({ changes: { from: range.head, insert: `\n${next}` }, selection: { anchor: range.head + 1 + next.length }, scrollIntoView: true, userEvent: "input" });
  return true;
}

/**
 * An editor in `parent` holding `text`. Options: `label` (its accessible name),
 * `prompts` (a console example), `onRun` (Ctrl/Cmd+Enter), `onChange(text)`.
 * Returns {view, text (get/set), mark(lines), focus()}.
 */
export function createEditor(parent, text, { label, prompts = false, onRun, onChange } = {}) {
  const keys = [];
  if (onRun) keys.push({ key: "Mod-Enter", run: () => (onRun(), true) });
  if (prompts) keys.push({ key: "Enter", run: newPromptLine });
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        lineNumbers(),
        history(),
        drawSelection(),
        highlightSpecialChars(),
        bracketMatching(),
        indentOnInput(),
        indentUnit.of("    "),
        python(),
        syntaxHighlighting(colours),
        theme,
        marks,
        keymap.of([...keys, ...defaultKeymap, ...historyKeymap]),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ "aria-label": label || "Code editor" }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChange?.(update.state.doc.toString());
        }),
      ],
    }),
  });
  return {
    view,
    get text() {
      return view.state.doc.toString();
    },
    set text(value) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: value } });
    },
    mark(lines) {
      view.dispatch({ effects: setMarks.of(lines) });
    },
    focus() {
      view.focus();
    },
  };
}

// The parts of CodeMirror 6 that the live examples' editor uses (docs/assets/live/editor.mjs).
// The build hook hooks/editor_bundle.py bundles this file with esbuild into
// site/assets/live/codemirror.mjs; the packages come from node_modules, pinned in
// package-lock.json. Nothing here is loaded from anywhere else.

export { EditorState, StateEffect, StateField } from "@codemirror/state";
export {
  Decoration,
  EditorView,
  drawSelection,
  highlightActiveLine,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from "@codemirror/view";
export { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
export {
  HighlightStyle,
  bracketMatching,
  indentOnInput,
  indentUnit,
  syntaxHighlighting,
} from "@codemirror/language";
export { python } from "@codemirror/lang-python";
export { tags } from "@lezer/highlight";

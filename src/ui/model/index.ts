/**
 * The TUI's data below its controller: transcript entries (live and restored from history),
 * streamed text, composed messages and their pastes, the key bindings, and the conversation as
 * markdown.
 */

export type { ComposerBuffer, InputHistory } from "./composer-buffer.js";
export {
  BUFFER_EDITS,
  backspace,
  EMPTY_BUFFER,
  insertText,
  moveLine,
  recall,
  remember,
  wordEndAfter,
  wordStartBefore,
} from "./composer-buffer.js";
export { restoredEntries } from "./history-entries.js";
export type { KeyAction } from "./keymap.js";
export { CONTROL_CHAR_ACTIONS, KEY_BINDINGS, keyAction, SHOW_OUTPUT_KEY } from "./keymap.js";
export { conversationMarkdown, lastAnswer } from "./markdown-export.js";
export type { ChipImage, ComposedMessage, Placeholder } from "./paste-collapse.js";
export {
  composeMessage,
  deletePlaceholderBefore,
  expandPastes,
  forgetUnused,
  imageLabel,
  joinMessages,
  pasteLabel,
  placeholderSpans,
  restoreChips,
  shouldCollapse,
} from "./paste-collapse.js";
export {
  appendStreamText,
  EMPTY_LINE,
  fenceStateAfter,
  lineTail,
  lineText,
} from "./stream-text.js";
export type {
  LiveCall,
  LiveState,
  McpCallEntry,
  TranscriptEntry,
  TranscriptEntryBody,
} from "./transcript-entries.js";
export {
  collapseOutput,
  exitLabel,
  lastLines,
  mcpCallEntry,
  STEERED_LABEL,
} from "./transcript-entries.js";

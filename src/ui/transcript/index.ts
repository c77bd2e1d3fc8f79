/**
 * Drawing the conversation: entries as text and Ink views, the pager, wrapping and markdown.
 */
export { Hanging } from "./hanging-text.js";
export { LiveItem } from "./live-item.js";
export { pagerKey } from "./pager-keys.js";
export { TranscriptPager } from "./transcript-pager.js";
export { printTranscript, TranscriptItem } from "./transcript-print.js";

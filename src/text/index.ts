/**
 * Text for people and terminals: display width, wrapping, grouped numbers, control characters
 * removed, shown output cut in the middle.
 */
export { elapsedLabel } from "./elapsed.js";
export { parseFrontMatter } from "./front-matter.js";
export { groupedNumber } from "./grouped-number.js";
export { fillPromptArguments } from "./prompt-arguments.js";
export { printable, shownOutput, withoutControls } from "./terminal-text.js";

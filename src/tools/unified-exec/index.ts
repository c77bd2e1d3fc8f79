/**
 * exec_command and write_stdin: commands in a pseudo-terminal that may outlive a call
 * (background terminals), their output windows and yields.
 */
export { capForModel } from "./output.js";
export type { BackgroundTerminalsView } from "./terminals.js";
export { BackgroundTerminals } from "./terminals.js";
export { execCommandTools } from "./tools.js";

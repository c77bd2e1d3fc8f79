/**
 * Slash commands that act on the session: /new, /resume, /fork, /rewind, /compact, /quit,
 * /model, /effort, /plan, /goal, /worktree, /init, /review.
 */
export { compactCommand } from "./compact.js";
export { effortCommand } from "./effort.js";
export { forkCommand } from "./fork.js";
export { goalCommand } from "./goal.js";
export { initCommand } from "./init.js";
export { modelCommand } from "./model.js";
export { newCommand } from "./new.js";
export { planCommand } from "./plan.js";
export { quitCommand } from "./quit.js";
export { resumeCommand } from "./resume.js";
export { reviewCommand } from "./review.js";
export { rewindCommand } from "./rewind.js";
export { worktreeCommand } from "./worktree.js";

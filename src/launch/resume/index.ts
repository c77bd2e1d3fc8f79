/**
 * A saved session brought back: its settings and history read from its file, the warnings about
 * what was skipped or repaired, the question when it is resumed from another folder, and how to
 * resume it from the shell.
 */
export { resumeDirectoryQuestion } from "./resume-directory-question.js";
export { resumeHint } from "./resume-hint.js";
export { loadSaved } from "./saved-history.js";
export type { ResumeTarget, SavedSettings } from "./saved-settings.js";
export {
  findSavedSession,
  readSavedSettings,
  resumeChanges,
  savedConfigOverrides,
  savedSessionFor,
  savedSettingsOf,
} from "./saved-settings.js";

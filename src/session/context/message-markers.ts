/** How the user messages that the person did not type begin (the session file keeps them). */

/** A `!command` the person ran, recorded for the model (turn/user-shell.ts). */
export const USER_SHELL_TAG = "<user_shell_command>";

/** The user message a compaction leaves in place of the history it summarised. */
export const COMPACTION_SUMMARY_PREFIX = "Summary of the conversation so far:";

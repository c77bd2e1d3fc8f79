/**
 * The session on disk: the session file (header, history, settings, checkpoints, patch intents,
 * worktree), reading it back, listing and finding sessions, the lock that keeps one process on a
 * session, and the ledger file.
 */

export type { CheckpointLine, RewindMode } from "./checkpoint-lines.js";
export { REWIND_MODES } from "./checkpoint-lines.js";
export type { HistoryStore } from "./history-store.js";
export { findLatestLedger, LedgerWriter, ledgerPath, readLedger } from "./ledger-file.js";
export { PRIVATE_DIR, PRIVATE_FILE_MODE } from "./private-files.js";
export type { RecordedSettings } from "./recorded-settings.js";
export { sameSettings } from "./recorded-settings.js";
export type { NewSessionMeta } from "./session-file.js";
export { SessionFile, sessionFilePath } from "./session-file.js";
export type { SavedSession, SessionMeta } from "./session-file-read.js";
export {
  readSessionFile,
  readSessionSettings,
  SessionFileError,
  spawnedBy,
} from "./session-file-read.js";
export { isValidSessionId, newSessionId } from "./session-id.js";
export type { SessionSummary } from "./session-list.js";
export { firstMessageOf, isPersonMessage, listSessions } from "./session-list.js";
export { SessionLockedError } from "./session-lock.js";
export { findLatestSession, findSessionById } from "./session-lookup.js";
export { SessionStorageError } from "./session-storage.js";
export { sessionsDir } from "./sessions-dir.js";
export type { SessionWorktree } from "./worktree-lines.js";
export { sessionWorktreeOf } from "./worktree-lines.js";

/**
 * Making the history shorter: /compact and auto-compaction, locally (a summary the model writes)
 * or remotely (the server's compaction item), and when the cache's idle time makes it worth it.
 */
export { compactionNotice, compactionRequestItem, SUMMARY_PREFIX } from "./compaction.js";
export { HistoryCompactor } from "./history-compactor.js";
export { compactionTrigger } from "./remote-compaction.js";

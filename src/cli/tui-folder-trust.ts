import type { SharedFlags } from "../launch/index.js";
import { loadRunConfig, projectTrust, recordTrust, trustRecordedLine } from "../launch/index.js";
import type { FolderTrustAccess } from "../ui/index.js";

/**
 * The folder trust the TUI asks about before it opens a saved session in another folder: read
 * from config.toml as it is now (an answer given earlier in this run counts), under the command
 * line's `-c projects...`; answers are recorded as the start-up question records them.
 */
export function tuiFolderTrust(flags: SharedFlags, configHome: string): FolderTrustAccess {
  return {
    of: (dir) => projectTrust(loadRunConfig(flags, configHome).settings, dir),
    record(root, level) {
      recordTrust(configHome, root, level);
      return trustRecordedLine(configHome, root, level);
    },
  };
}

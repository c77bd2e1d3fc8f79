import type { ChildThread, SessionSettings } from "../session/index.js";
import { type NewSessionMeta, SessionFile, sessionWorktreeOf } from "../session/index.js";
import type { Runtime } from "./runtime.js";

/**
 * A subagent's own session file, as the Codex CLI saves a spawned thread: its own id and
 * history, `source.subagent.thread_spawn` naming the session that spawned it (the resume list
 * marks it; `resume <id>` goes on with it alone), its parent's cache key.
 */
export function childSessionFile(runtime: Runtime, child: ChildThread): SessionFile {
  return SessionFile.create(runtime.home, {
    ...newMeta(runtime, child.id, child.settings),
    prompt_cache_key: child.promptCacheKey,
    source: {
      subagent: {
        thread_spawn: {
          parent_thread_id: child.parent,
          depth: child.depth,
          agent_nickname: child.name,
        },
      },
    },
  });
}

/** The first line of a new session file. */
export function newMeta(runtime: Runtime, id: string, settings: SessionSettings): NewSessionMeta {
  return {
    id,
    created: new Date().toISOString(),
    cwd: runtime.cwd,
    ...(runtime.worktree ? { worktree: sessionWorktreeOf(runtime.worktree) } : {}),
    model: settings.model,
    provider: runtime.provider.id,
    approval_policy: runtime.approvalPolicy,
    sandbox: runtime.sandbox,
    version: runtime.version,
    ...(settings.effort ? { effort: settings.effort } : {}),
  };
}

import { basename } from "node:path";
import { effortError, lookupModel } from "../models/index.js";
import type { AgentSession, SessionOptions, SessionSettings } from "../session/index.js";
import {
  buildInitialContext,
  firstMessageOf,
  newSessionId,
  type PermissionsInput,
  permissionsMessage,
  SessionFile,
  type SessionMeta,
  spawnedBy,
} from "../session/index.js";
import type { AskHookTrust } from "../tools/index.js";
import { BackgroundTerminals, createToolRouter, maskedFolders } from "../tools/index.js";
import { createSession } from "../turn/index.js";
import {
  agentLimitsOf,
  chosenShellTool,
  goalDefaultsOf,
  sessionProtectedPaths,
  shellSandboxOptions,
} from "./config/index.js";
import { readSessionKnowledge, systemTimezone } from "./context/index.js";
import { ConfigError } from "./errors.js";
import { hookSetup } from "./hook-setup.js";
import {
  findSavedSession,
  loadSaved,
  type ResumeTarget,
  resumeChanges,
  type SavedSettings,
  savedSettingsOf,
} from "./resume/index.js";
import type { Runtime } from "./runtime.js";
import { childSessionFile, newMeta } from "./session-meta.js";

interface OpenSessionInput {
  resume?: ResumeTarget;
  /** A new session with a copy of this one's history and its prompt_cache_key. */
  fork?: ResumeTarget;
  /** Nothing is written: no session file, no ledger. */
  ephemeral?: boolean;
  warmup: boolean;
  approve?: SessionOptions["approve"];
  /** Who answers the model's questions (request_user_input); absent: nobody (exec). */
  askUser?: SessionOptions["askUser"];
  /** Asked right before a hook runs whose files changed since trusted (absent: it does not run). */
  askHookTrust?: AskHookTrust;
  outputSchema?: SessionSettings["outputSchema"];
  /** A review (/review, exec review): read-only and nobody asked, whatever the launch said. */
  review?: boolean;
  /** Model and effort to start with instead of the configured ones (the TUI's /new). */
  settings?: Pick<SessionSettings, "model" | "effort">;
  /** The id of a new session or fork, chosen before (its --worktree is named after it). */
  id?: string;
}

export interface OpenedSession {
  session: AgentSession;
  id: string;
  /** The session file, when one is written. */
  file?: string;
  resumed: boolean;
  /** The parent's id when this session is a fork. */
  forkedFrom?: string;
  /** What the person should know about the resumed history (unreadable lines, repairs). */
  warnings: string[];
}

function findSaved(runtime: Runtime, target: ResumeTarget): string {
  return findSavedSession(runtime.home, runtime.cwd, target);
}

/** A new or resumed session over the runtime's provider, persisted unless ephemeral. */
export async function openSession(
  runtime: Runtime,
  input: OpenSessionInput,
): Promise<OpenedSession> {
  const settings: SessionSettings = { model: runtime.model };
  if (runtime.effort) settings.effort = runtime.effort;
  if (runtime.reasoningSummary) settings.reasoningSummary = runtime.reasoningSummary;
  const ttl = runtime.config.model.promptCacheTtl;
  if (ttl) settings.promptCacheTtl = ttl;
  if (input.outputSchema) settings.outputSchema = input.outputSchema;
  if (input.settings) {
    settings.model = input.settings.model;
    if (input.settings.effort) settings.effort = input.settings.effort;
    else delete settings.effort;
  }

  const { config } = runtime;
  const shellTool = chosenShellTool(config.shell.tool, lookupModel(settings.model).shellType);
  const terminals = shellTool === "exec_command" ? new BackgroundTerminals() : undefined;
  const guarded = sessionProtectedPaths(runtime);
  const tools = createToolRouter({
    config,
    shellTool,
    ...(terminals ? { terminals } : {}),
    ...shellSandboxOptions(config, runtime.hiddenHomes, process.env, guarded),
  });
  // MCP tools come after the built-in ones, sorted by server and tool (docs/config.md)
  const mcp = await runtime.mcp.get();
  if (mcp) tools.addSource(mcp);
  const permissions: PermissionsInput = {
    sandbox: input.review ? "read-only" : runtime.sandbox,
    approvalPolicy: input.review ? "never" : runtime.approvalPolicy,
    networkAccess: config.sandbox.networkAccess,
    canAsk: input.approve !== undefined && !input.review,
    engine: process.platform === "darwin" ? "seatbelt" : "bwrap",
  };
  const base: Omit<SessionOptions, "id"> = {
    provider: runtime.provider,
    config,
    settings,
    instructions: runtime.instructions,
    tools,
    cwd: runtime.cwd,
    workspaceRoots: runtime.workspaceRoots,
    sandbox: permissions.sandbox,
    approvalPolicy: permissions.approvalPolicy,
    permissions: permissionsMessage(permissions),
    writeScope: {
      cwd: runtime.cwd,
      workspaceRoots: runtime.workspaceRoots,
      sandbox: permissions.sandbox,
      masked: maskedFolders(process.env.HOME, runtime.hiddenHomes),
      protectedPaths: guarded,
    },
    home: runtime.home,
    rules: runtime.rules,
    ...(mcp ? { mcp } : {}),
    ...(terminals ? { terminals } : {}),
    warmup: input.warmup,
    version: runtime.version,
    // every session offers update_goal (a review's fork too: its tools are its parent's)
    goals: goalDefaultsOf(config),
    ...(runtime.catalog ? { onNoEffortUpdates: runtime.catalog.noEffortUpdates } : {}),
  };
  // a review is read-only and asks nobody: no subagents
  const agents = input.review ? undefined : agentLimitsOf(runtime.config);
  if (agents) base.agents = agents;
  const autoCompact = autoCompactLimit(runtime);
  if (autoCompact) base.autoCompactTokenLimit = autoCompact;
  if (input.approve && !input.review) base.approve = input.approve;
  if (input.askUser && !input.review) base.askUser = input.askUser;
  // read once, here: what a session was started with stays its prefix until /new
  const read = readSessionKnowledge(runtime);
  base.knowledge = read.knowledge;
  // --ephemeral saves nothing (as in Codex): no session file, no ledger, no checkpoints
  if (input.ephemeral) base.ledger = false;
  else {
    base.checkpoints = true;
    base.childStore = (child) => childSessionFile(runtime, child);
  }

  if (input.resume) {
    const path = findSaved(runtime, input.resume);
    const { saved, store, warnings } = loadSaved(path, !input.ephemeral);
    const restored = keepSavedSettings(runtime, settings, savedSettingsOf(path, saved), warnings);
    // `resume --worktree`: from now on it works in the new worktree (a resume comes back there)
    const moved = runtime.worktree;
    if (moved?.made && store) store.recordWorktree(runtime.cwd, moved);
    const options: SessionOptions = {
      ...base,
      knowledge: { ...read.knowledge, files: [], savedContext: true },
      ...hookSetup(runtime, saved.meta.id, !input.ephemeral, input.askHookTrust),
      id: saved.meta.id,
      restoredHistory: saved.history,
      restoredSettings: restored,
      restoredCheckpoints: saved.checkpoints,
      ...(saved.goal ? { restoredGoal: saved.goal } : {}),
      notices: warnings,
      ...(saved.meta.prompt_cache_key ? { promptCacheKey: saved.meta.prompt_cache_key } : {}),
      ...spawnedByOf(runtime, saved.meta),
    };
    if (store) options.historyStore = store;
    const opened: OpenedSession = {
      session: createSession(options),
      id: saved.meta.id,
      resumed: true,
      warnings,
    };
    if (!input.ephemeral) opened.file = path;
    return opened;
  }

  if (input.fork) {
    const forkBase = { ...base, knowledge: { ...read.knowledge, files: [], savedContext: true } };
    return forkSession(runtime, forkBase, settings, { ...input, fork: input.fork });
  }

  const id = input.id ?? newSessionId();
  const initialContext = buildInitialContext({
    cwd: runtime.cwd,
    shell: basename(process.env.SHELL || "bash"),
    ...permissions,
    now: new Date(),
    ...systemTimezone(),
    ...(read.agentsMd !== undefined ? { agentsMd: read.agentsMd } : {}),
    ...(read.skillsItem ? { skills: read.skillsItem } : {}),
  });
  const persisted = !input.ephemeral;
  const options: SessionOptions = {
    ...base,
    ...hookSetup(runtime, id, persisted, input.askHookTrust),
    id,
    initialContext,
    notices: read.notes,
  };
  let file: SessionFile | undefined;
  if (!input.ephemeral) {
    file = SessionFile.create(runtime.home, newMeta(runtime, id, settings));
    options.historyStore = file;
  }
  const opened: OpenedSession = {
    session: createSession(options),
    id,
    resumed: false,
    warnings: read.notes,
  };
  if (file) opened.file = file.path;
  return opened;
}

/** A subagent's thread resumed alone: whose child it is, with that session's first message. */
function spawnedByOf(runtime: Runtime, meta: SessionMeta): Pick<SessionOptions, "spawnedBy"> {
  const parent = spawnedBy(meta);
  if (!parent) return {};
  const firstMessage = firstMessageOf(runtime.home, parent.id);
  return { spawnedBy: { ...parent, ...(firstMessage ? { firstMessage } : {}) } };
}

/**
 * The saved model and effort, unless the command line chose them for this run (a model chosen
 * there takes its configured effort); what this run changes is added to `warnings`.
 */
function keepSavedSettings(
  runtime: Runtime,
  settings: SessionSettings,
  saved: SavedSettings,
  warnings: string[],
): SavedSettings {
  if (!runtime.modelFromFlag) settings.model = saved.model;
  if (!runtime.effortFromFlag && !runtime.modelFromFlag) {
    if (saved.effort) settings.effort = saved.effort;
    else delete settings.effort;
  }
  warnings.push(
    ...resumeChanges(saved, {
      model: settings.model,
      ...(settings.effort ? { effort: settings.effort } : {}),
      provider: runtime.provider.id,
      sandbox: runtime.sandbox,
      approvalPolicy: runtime.approvalPolicy,
    }),
  );
  // the effort must suit the model the session goes on with (a flag may have changed either)
  const problem = settings.effort && effortError(lookupModel(settings.model), settings.effort);
  if (problem) throw new ConfigError(`resuming: ${problem}`, "model_reasoning_effort");
  return saved;
}

/** A new id and session file with the parent's history; the parent's file is not touched. */
function forkSession(
  runtime: Runtime,
  base: Omit<SessionOptions, "id">,
  settings: SessionSettings,
  input: OpenSessionInput & { fork: ResumeTarget },
): OpenedSession {
  // read only: the parent's file is neither locked nor written
  const path = findSaved(runtime, input.fork);
  const { saved, warnings } = loadSaved(path, false);
  const restored = keepSavedSettings(runtime, settings, savedSettingsOf(path, saved), warnings);
  const id = input.id ?? newSessionId();
  const promptCacheKey = saved.meta.prompt_cache_key ?? saved.meta.id;
  const options: SessionOptions = {
    ...base,
    ...hookSetup(runtime, id, !input.ephemeral, input.askHookTrust),
    id,
    promptCacheKey,
    restoredHistory: saved.history,
    restoredSettings: restored,
    notices: warnings,
  };
  let file: SessionFile | undefined;
  if (!input.ephemeral) {
    file = SessionFile.create(runtime.home, {
      ...newMeta(runtime, id, settings),
      prompt_cache_key: promptCacheKey,
      forked_from: saved.meta.id,
    });
    file.append(saved.history);
    options.historyStore = file;
  }
  const opened: OpenedSession = {
    session: createSession(options),
    id,
    resumed: true,
    forkedFrom: saved.meta.id,
    warnings,
  };
  if (file) opened.file = file.path;
  return opened;
}

/** `model_auto_compact_token_limit`, else 90% of the model's context window when it is known. */
function autoCompactLimit(
  runtime: Pick<Runtime, "config" | "contextWindow" | "model">,
): number | undefined {
  const configured =
    runtime.config.model.autoCompactTokenLimit ?? lookupModel(runtime.model).autoCompactTokenLimit;
  if (configured) return configured;
  return runtime.contextWindow ? Math.floor(runtime.contextWindow * 0.9) : undefined;
}

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { BearerCredentials } from "../auth/index.js";
import { lookupModel, wireEffort } from "../models/index.js";
import type { ReasoningEffort, ReasoningSummary } from "../protocol/index.js";
import { errorMessage } from "../protocol/index.js";
import type { SandboxMode } from "../sandbox/index.js";
import { linkedWorktreeOf } from "../sandbox/index.js";
import type { ProviderSettings } from "../session/index.js";

import type { Settings } from "../settings/index.js";
import type { ApprovalPolicy, RuleBook } from "../tools/index.js";
import {
  type LoadedConfig,
  loadConfig,
  parseConfigOverride,
  sandboxCheck,
  unknownKeyWarnings,
} from "./config/index.js";
import { loadHooks, loadRuleBook, type RuntimeHooks } from "./context/index.js";
import { CliError } from "./errors.js";
import { EXIT_FAILED } from "./exit-codes.js";
import { flagOverrides, type SharedFlags } from "./flags.js";
import { hiddenHomes } from "./hidden-homes.js";
import { resolveHomes } from "./home.js";
import { type McpServers, mcpServers } from "./mcp-servers.js";
import {
  type ProjectTrust,
  projectTrust,
  recordTrust,
  savedUnderTrust,
  trustDefaults,
} from "./project-trust.js";
import {
  type CatalogSetup,
  checkedEffort,
  configuredPrices,
  findSignIn,
  resolveProvider,
  setUpCatalog,
} from "./provider/index.js";
import { type SavedSettings, savedConfigOverrides } from "./resume/index.js";
import { packageVersion } from "./version.js";
import { existingDir, type ResumedIn, workingDirectory } from "./working-directory.js";
import type { MadeWorktree, WorktreeRequest } from "./worktrees/index.js";

/** The model's context window in tokens, when the catalog knows it. */
export function knownContextWindow(model: string): number | undefined {
  return lookupModel(model).contextWindow;
}

/** Everything a session needs that comes from flags, config, environment and the package. */
export interface Runtime {
  /** mini-codex's own files (`Homes.state`: $MINI_CODEX_HOME, default ~/.mini-codex). */
  home: string;
  /** Where config.toml was read (`Homes.config`): `home`, or the Codex CLI's home. */
  configHome: string;
  /** The homes commands never see (hiddenHomes): this one, the config's, the Codex CLI's. */
  hiddenHomes: string[];
  /** Said once when config.toml is the Codex CLI's (exec: stderr; the TUI: its banner). */
  configNotice?: string;
  cwd: string;
  /** The git worktree cwd is in, when it is a linked one (made by --worktree or not). */
  worktree?: RuntimeWorktree;
  /**
   * --worktree waits for the answer to the folder's trust question (nothing is made before it):
   * this runtime is still the folder's; load it again once answered (the TUI does).
   */
  worktreePending?: boolean;
  workspaceRoots: string[];
  /** Every config key, resolved once (src/settings): passed on by reference, never copied. */
  config: Settings;
  /** The profile applied, if any, and its `NAME.config.toml` when it came from one. */
  profile?: string;
  profileFile?: string;
  provider: ProviderSettings;
  /** Whether -m or `-c model=…` was given (a resumed session keeps its own model otherwise). */
  modelFromFlag: boolean;
  /** Whether --effort or `-c model_reasoning_effort=…` was given (else a resumed session keeps its own). */
  effortFromFlag: boolean;
  model: string;
  effort?: ReasoningEffort;
  reasoningSummary?: ReasoningSummary;
  sandbox: SandboxMode;
  approvalPolicy: ApprovalPolicy;
  /** Context window of the model in tokens, when known. */
  contextWindow?: number;
  instructions: string;
  version: string;
  /** The `.rules` files of `$MINI_CODEX_HOME/rules` and the project's `.codex/rules`. */
  rules: RuleBook;
  /** hooks.json of MINI_CODEX_HOME, the Codex home and the project (docs/config.md, "Hooks"). */
  hooks: RuntimeHooks;
  /** The configured MCP servers (started when the first session opens). */
  mcp: McpServers;
  /**
   * Probes bubblewrap (a process) once and warns when commands cannot be confined as the mode
   * promises. The TUI awaits it before it draws; exec starts it once its first request is sent.
   */
  checkSandbox(): Promise<void>;
  /** Stops what the runtime started (the embedded demo server, MCP servers). */
  close(): Promise<void>;
  /** The model catalog this process uses (bundled, discovered, configured). */
  catalog?: CatalogSetup;
  /** The working directory's project and the trust recorded for it (docs/config.md, "Trust"). */
  trust: ProjectTrust;
}

/** The linked worktree a runtime works in; `made`: by this run's --worktree. */
export interface RuntimeWorktree {
  root: string;
  repo: string;
  branch?: string;
  made?: MadeWorktree;
}

/** `--worktree [NAME]` for a run: made at the first load that may make it, then kept. */
export interface WorktreeEntry {
  request: WorktreeRequest;
  made?: MadeWorktree;
}

interface RuntimeInput {
  flags: SharedFlags;
  /** The policy when flags, config.toml and -c set none (TUI: on-request; exec: never). */
  defaultApprovalPolicy: ApprovalPolicy;
  /** The sandbox when flags, config.toml and -c set none (TUI: workspace-write; exec: read-only). */
  defaultSandbox?: SandboxMode;
  env?: NodeJS.ProcessEnv;
  warn?: (message: string) => void;
  /**
   * The saved session this run resumes or forks: its model, effort, provider, sandbox and
   * approval policy unless the command line sets them; with `inItsDirectory`, its directory
   * unless -C/--cd names one (exec resume).
   */
  resumed?: ResumedIn;
  /** The TUI: a folder recorded as untrusted runs read-only and asks (its defaults). */
  folderTrust?: boolean;
  /** Instead of `$MINI_CODEX_HOME/auth.json`'s credential (tests that are about something else). */
  signedIn?: () => BearerCredentials | undefined;
  /**
   * config.toml as `loadRunConfig(flags, configHome, resumed?.saved)` read it moments ago (the
   * TUI's start parses it once, for the sign-in question and this runtime).
   */
  loaded?: LoadedConfig;
  /** `--worktree [NAME]`: the session works in a new worktree of the working directory's repository. */
  worktree?: WorktreeEntry;
}

/** prompts/base.md, shipped with the package (src/launch, dist/launch and dist/bundle sit at the same depth). */
function readBaseInstructions(): string {
  try {
    return readFileSync(new URL("../../prompts/base.md", import.meta.url), "utf8");
  } catch (error) {
    throw new CliError(
      `cannot read the base instructions (prompts/base.md): ${errorMessage(error)}`,
      EXIT_FAILED,
    );
  }
}

/** Whether a `-c` override sets this top-level key (docs/config.md: `-c k=v` is the same as its flag). */
function overridden(flags: SharedFlags, key: string): boolean {
  return flags.config.some((spec) => {
    const path = parseConfigOverride(spec).path;
    return path.length === 1 && path[0] === key;
  });
}

/**
 * `configHome`'s config.toml under the command line (-c, -p, flags), over a resumed session's
 * own settings.
 */
export function loadRunConfig(flags: SharedFlags, configHome: string, saved?: SavedSettings) {
  return loadConfig({
    home: configHome,
    overrides: flags.config,
    flagOverrides: flagOverrides(flags),
    ...(flags.profile ? { profile: flags.profile } : {}),
    ...(saved ? { sessionDefaults: (sets) => savedConfigOverrides(saved, sets) } : {}),
  });
}

export async function loadRuntime(input: RuntimeInput): Promise<Runtime> {
  const { resumed } = input;
  const env = input.env ?? process.env;
  const warn = input.warn ?? ((message: string) => process.stderr.write(`warning: ${message}\n`));
  const homes = resolveHomes(env);
  const home = homes.state;
  const configWith = (saved: SavedSettings | undefined) =>
    loadRunConfig(input.flags, homes.config, saved);
  const loaded = input.loaded ?? configWith(resumed?.saved);
  for (const warning of unknownKeyWarnings(loaded.unknownKeys, homes.state)) warn(warning);
  let config = loaded.settings;
  const signedIn = input.signedIn ?? (() => findSignIn(homes, config, env)?.credentials);
  const resolved = resolveProvider(config, env, signedIn);
  const provider = resolved.settings;
  const source = workingDirectory({
    ...input,
    startsDemo: resolved.startsDemoServer,
    warn,
    trustScratch: (dir) => recordTrust(homes.config, dir, "trusted"),
  });
  // a worktree is made once the folder's trust is known (the TUI asks first)
  const wanted = input.worktree;
  const pending =
    wanted && !wanted.made && input.folderTrust && !projectTrust(config, source).level;
  if (wanted && !pending && !wanted.made) {
    const { makeWorktree } = await import("./worktrees/index.js");
    wanted.made = await makeWorktree(source, wanted.request);
    for (const note of wanted.made.notes) warn(note);
  }
  const cwd = (!pending && wanted?.made?.cwd) || source;
  const linked = linkedWorktreeOf(cwd);
  const worktree: RuntimeWorktree | undefined = linked && {
    root: linked.root,
    repo: linked.mainRoot,
    ...(linked.branch ? { branch: linked.branch } : {}),
    ...(wanted?.made ? { made: wanted.made } : {}),
  };
  const trust = projectTrust(config, cwd);
  const level = input.folderTrust ? trust.level : undefined;
  // in an untrusted folder a resumed session runs restricted, whatever it ran with before
  const applied = resumed && savedUnderTrust(resumed.saved, level);
  if (applied && applied !== resumed.saved) config = configWith(applied).settings;
  const defaults = trustDefaults(level, {
    sandbox: input.defaultSandbox ?? "workspace-write",
    approvalPolicy: input.defaultApprovalPolicy,
  });
  const workspaceRoots = [
    cwd,
    ...input.flags.addDir.map((dir) => existingDir(resolve(cwd, dir), "--add-dir")),
  ];
  let close = async () => {};
  if (resolved.startsDemoServer) {
    const { startDemoServer } = await import("../demo/index.js");
    const server = await startDemoServer();
    provider.baseUrl = server.baseUrl;
    close = () => server.close();
  }
  const sandbox = config.permissions.sandboxMode ?? defaults.sandbox;
  const rules = loadRuleBook(home, cwd, homes.config);
  const bypassTrust = input.flags.dangerouslyBypassHookTrust === true;
  const hooks = loadHooks({ home, cwd, env, bypassTrust, warn });
  const mcp = mcpServers({ servers: config.mcp.servers, home, cwd, env });
  const stopDemo = close;
  const runtime: Runtime = {
    home,
    configHome: homes.config,
    hiddenHomes: hiddenHomes(home, homes.config, config, env),
    ...(homes.codexNotice ? { configNotice: homes.codexNotice } : {}),
    cwd,
    ...(worktree ? { worktree } : {}),
    ...(pending ? { worktreePending: true } : {}),
    workspaceRoots,
    config,
    ...(loaded.profile ? { profile: loaded.profile } : {}),
    ...(loaded.profileFile ? { profileFile: loaded.profileFile } : {}),
    provider,
    modelFromFlag: input.flags.model !== undefined || overridden(input.flags, "model"),
    effortFromFlag:
      input.flags.effort !== undefined || overridden(input.flags, "model_reasoning_effort"),
    model: config.model.name,
    sandbox,
    approvalPolicy: config.permissions.approvalPolicy ?? defaults.approvalPolicy,
    instructions: readBaseInstructions(),
    version: packageVersion(),
    rules,
    hooks,
    mcp,
    checkSandbox: sandboxCheck(sandbox, warn),
    trust,
    close: async () => {
      await mcp.close();
      await stopDemo();
    },
  };
  const catalogAt = config.provider.tables?.[provider.id]?.model_catalog_url;
  const catalog = setUpCatalog({
    home,
    provider,
    ...(config.model.overrides ? { overrides: config.model.overrides } : {}),
    discovery: config.model.discovery && !resolved.startsDemoServer,
    version: runtime.version,
    ...(catalogAt ? { catalogUrl: catalogAt } : {}),
    prices: configuredPrices(config),
  });
  runtime.catalog = catalog;
  runtime.close = async () => {
    catalog.refresh?.stop();
    await mcp.close();
    await stopDemo();
  };
  const contextWindow = config.model.contextWindow ?? knownContextWindow(runtime.model);
  if (contextWindow) runtime.contextWindow = contextWindow;
  // Reasoning models get an explicit effort and summary, as the Codex CLI sends them: with
  // store:false only requested encrypted reasoning can be replayed in a full request.
  const model = lookupModel(runtime.model);
  if (!model.known) {
    warn(
      `model "${runtime.model}" is not in the model catalog (bundled, discovered or [models] in config.toml): requests use the classic shape`,
    );
  }
  const reasoningModel = model.efforts.length > 0;
  const chosen = config.model.reasoningEffort;
  const effort = chosen
    ? checkedEffort(model, chosen, "model_reasoning_effort")
    : model.defaultEffort
      ? wireEffort(model, model.defaultEffort)
      : undefined;
  if (effort) runtime.effort = effort;
  const summary = config.model.reasoningSummary ?? (reasoningModel ? "auto" : undefined);
  if (summary) runtime.reasoningSummary = summary;
  return runtime;
}

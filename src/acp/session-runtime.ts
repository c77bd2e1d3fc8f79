import type { McpServer } from "@agentclientprotocol/sdk";
import type { SharedFlags } from "../launch/index.js";
import {
  describeHooks,
  folderTrustQuestion,
  loadRunConfig,
  loadRuntime,
  needsSignIn,
  type Runtime,
  recordTrust,
  resolveHomes,
  type SavedSettings,
  savedSessionFor,
  trustRecordedLine,
} from "../launch/index.js";
import { clientServerOverrides } from "./client-mcp-servers.js";
import type { Answer } from "./client-questions.js";

// The runtime one ACP session runs on: the command line's flags with the editor's directory,
// additional directories and MCP servers; a saved session's own settings when it is loaded or
// resumed. Folder trust and hook trust, which the TUI asks on the terminal, are asked through the
// editor (trust.ts decides when); a folder not decided yet runs restricted until it is.

export interface SessionPlace {
  cwd: string;
  additionalDirectories?: readonly string[];
  mcpServers?: readonly McpServer[];
  /** A saved session to go on with (`session/load`, `session/resume`). */
  resume?: { id: string };
}

/** A yes/no question as the editor is asked it. */
export type Ask = (question: {
  title: string;
  lines: string[];
  yes: string;
  no: string;
}) => Promise<Answer>;

/** The trust `-c` sets for one run only: an undecided folder runs restricted, nothing recorded. */
function untrustedThisTime(root: string): string {
  return `projects.${JSON.stringify(root)}.trust_level="untrusted"`;
}

/** Loads (and loads again, once trust is decided) the runtime of one session's place. */
export class RuntimeLoader {
  private readonly flags: SharedFlags;
  private readonly saved: SavedSettings | undefined;
  /** What the person should know (warnings, trust decisions), said once the session is open. */
  readonly notes: string[] = [];

  constructor(flags: SharedFlags, place: SessionPlace) {
    const servers = clientServerOverrides(place.mcpServers ?? []);
    for (const skipped of servers.skipped) this.warn(`MCP server ${skipped} was not started`);
    this.flags = {
      ...flags,
      cd: place.cwd,
      addDir: [...flags.addDir, ...(place.additionalDirectories ?? [])],
      config: [...flags.config, ...servers.overrides],
    };
    this.saved = place.resume ? savedSessionFor(this.flags, place.resume) : undefined;
  }

  private warn(message: string): void {
    this.notes.push(`⚠ ${message}`);
    process.stderr.write(`warning: ${message}\n`);
  }

  /** Whether the session would start with nothing to sign in with (its provider needs a credential). */
  needsSignIn(): boolean {
    const { settings } = loadRunConfig(this.flags, resolveHomes().config, this.saved);
    return needsSignIn(this.flags, settings);
  }

  /** The runtime; `undecided`: the folder's trust is not decided yet (it runs restricted). */
  load(undecided?: string): Promise<Runtime> {
    const extra = undecided ? [untrustedThisTime(undecided)] : [];
    return loadRuntime({
      flags: { ...this.flags, config: [...this.flags.config, ...extra] },
      defaultApprovalPolicy: "on-request",
      defaultSandbox: "workspace-write",
      folderTrust: true,
      warn: (message) => this.warn(message),
      ...(this.saved ? { resumed: { saved: this.saved, inItsDirectory: true } } : {}),
    });
  }
}

/** What is still to ask about a runtime: its folder's trust (the root), its untrusted hooks. */
interface TrustToAsk {
  folder?: string;
  hooks: boolean;
}

export function trustToAsk(runtime: Runtime, folder?: string): TrustToAsk {
  const root = folder ?? (runtime.trust.level ? undefined : runtime.trust.root);
  return { ...(root ? { folder: root } : {}), hooks: runtime.hooks.untrusted().length > 0 };
}

/**
 * Ask what `pending` says is undecided, record the answers as the TUI does, and give the runtime
 * the session runs on from now; `changed`: a session already open on `runtime` must open again
 * (another runtime, or hooks trusted). A question the editor cannot answer is "no": the folder
 * stays restricted and is asked about again next time.
 */
export async function settleTrust(
  loader: RuntimeLoader,
  runtime: Runtime,
  pending: TrustToAsk,
  ask: Ask,
): Promise<{ runtime: Runtime; changed: boolean }> {
  let now = runtime;
  const { notes } = loader;
  if (pending.folder) {
    const root = pending.folder;
    const question = folderTrustQuestion({ root, inGit: runtime.trust.inGit }, undefined);
    const [yes, no] = question.choices;
    const answer = await ask({
      title: `Trust ${root}?`,
      lines: question.lines,
      yes: yes?.text ?? "Yes",
      no: no?.text ?? "No",
    });
    if (answer.unanswered) {
      notes.push(
        `Folder trust was not answered (${answer.unanswered}): ${root} runs restricted in this session (sandbox read-only, approval untrusted) and is asked about again next time.`,
      );
      if (runtime.trust.level === undefined) {
        await now.close();
        now = await loader.load(root);
      }
    } else {
      const level = answer.yes ? "trusted" : "untrusted";
      recordTrust(runtime.configHome, root, level);
      notes.push(trustRecordedLine(runtime.configHome, root, level));
      await now.close();
      now = await loader.load();
    }
  }
  const hooksTrusted = pending.hooks && (await askHookTrust(now, ask, notes));
  return { runtime: now, changed: now !== runtime || hooksTrusted };
}

/** New or changed hooks are listed and trusted only on a "yes" (as the TUI asks before it draws). */
async function askHookTrust(runtime: Runtime, ask: Ask, notes: string[]): Promise<boolean> {
  const untrusted = runtime.hooks.untrusted();
  if (untrusted.length === 0) return false;
  const answer = await ask({
    title: "Trust and run these hooks?",
    lines: [
      "These hooks of hooks.json are new, or they or the files they run changed; trusted hooks run their commands as you (unconfined, as the Codex CLI runs them) at agent events:",
      ...describeHooks(runtime.hooks, untrusted),
    ],
    yes: "Yes, trust and run them",
    no: "No, leave them off in this session (asked again next time)",
  });
  if (answer.yes) {
    runtime.hooks.trust(untrusted);
    notes.push(`Trusted ${untrusted.length} hook(s) of hooks.json.`);
    return true;
  }
  const why = answer.unanswered ? ` (not answered: ${answer.unanswered})` : "";
  notes.push(`Hooks not trusted${why}: they do not run in this session.`);
  return false;
}

import { statSync } from "node:fs";
import { join } from "node:path";
import { gitPaths } from "./git-files.js";
import { LINKED_BIND_LIMIT, tooManyLinksMessage } from "./linked-files.js";
import { isInside, real, realWhereMissing } from "./paths.js";
import type { ProtectedPath } from "./protected-paths.js";

/** What a confined command may see and touch; paths absolute, all existing. */
export interface ConfinementPlan {
  /** Bound read-write (workspace-write: cwd and each --add-dir). */
  writableRoots: string[];
  /** Bound read-only after the private /tmp, so a workspace under /tmp stays visible. */
  readableRoots: string[];
  /**
   * Read-only inside the writable roots: `.git` and a worktree's gitdir target, the project's
   * `.codex`/`.agents` and what trusted hooks run (protected-paths.ts).
   */
  readOnlyPaths: string[];
  /**
   * Protected folders that do not exist yet (`.codex`, `.agents`): nothing may be created there.
   * bwrap mounts an empty read-only folder (its mount point stays behind, empty); Seatbelt
   * refuses their creation.
   */
  readOnlyMissing?: string[];
  /** Credential folders hidden behind an empty tmpfs. */
  maskedDirs: string[];
  /** Credential files hidden behind /dev/null. */
  maskedFiles: string[];
  /** Files bound read-only after the masks and the private /tmp (the shell snapshot). */
  boundLast: string[];
  /** Keep the network namespace (`[sandbox_workspace_write] network_access = true`). */
  network: boolean;
  cwd: string;
  /**
   * Keep the controlling terminal: only for a command in its own pseudo-terminal (exec_command
   * with tty), whose terminal is mini-codex's private pty, never the person's; Ctrl-C written
   * to it then reaches the command.
   */
  keepTerminal?: boolean;
  /**
   * Seatbelt only: the session's private temp folder, writable and the command's TMPDIR (bwrap
   * mounts a fresh /tmp instead).
   */
  privateTemp?: string;
  /** Why no command may run with this plan (more hard-linked files than can be bound). */
  refusal?: string;
}

/** Credential folders below $HOME a command never sees (beyond the Codex CLI, which shows them). */
const MASKED_HOME_DIRS = [
  ".ssh",
  ".aws",
  ".gnupg",
  ".config/gh",
  ".docker",
  ".codex",
  ".kube",
  ".config/gcloud",
  ".azure",
  ".terraform.d",
];

/** Credential files below $HOME a command never sees (hidden behind /dev/null). */
const MASKED_HOME_FILES = [
  ".git-credentials",
  ".config/git/credentials",
  ".netrc",
  ".npmrc",
  ".pypirc",
  ".pgpass",
  ".vault-token",
  ".cargo/credentials",
  ".cargo/credentials.toml",
  ".gem/credentials",
];

export const MASKED_HOME_PATHS = [...MASKED_HOME_DIRS, ...MASKED_HOME_FILES];

/**
 * Sockets outside the network namespace that would let a command act outside the sandbox
 * (a container engine starts a privileged container; the session bus starts a user service).
 */
const SERVICE_SOCKETS = [
  "/run/docker.sock",
  "/var/run/docker.sock",
  "/run/podman/podman.sock",
  "/run/containerd/containerd.sock",
  "/run/dbus/system_bus_socket",
];

interface PlanInput {
  /** read-only: the roots are visible but not writable. */
  writable: boolean;
  /** cwd and each --add-dir (absolute). */
  workspaceRoots: string[];
  /** Where the command runs (absolute, inside a root). */
  cwd: string;
  network: boolean;
  /** The user's home: its credential folders are masked. */
  home: string | undefined;
  /**
   * The agents' homes (hiddenHomes: $MINI_CODEX_HOME, the Codex home config.toml came from,
   * $CODEX_HOME, `codex_home`): sessions, ledgers and sign-in tokens, masked too.
   */
  hiddenHomes: readonly string[];
  /** $XDG_RUNTIME_DIR (default /run/user/UID): the session bus, agents' sockets; masked. */
  runtimeDir?: string | undefined;
  /** Hard-linked files and folders of the writable roots (linkedFileBinds): bound read-only. */
  linked?: readonly string[];
  /** What runs unconfined (protectedPaths): read-only inside the writable roots. */
  protectedPaths?: readonly ProtectedPath[];
}

type Mask = { path: string; kind: "dir" | "file" };

function kindOf(path: string): "dir" | "file" | undefined {
  try {
    return statSync(path).isDirectory() ? "dir" : "file";
  } catch {
    return undefined;
  }
}

function declaredMasks(input: PlanInput): Mask[] {
  const { home, hiddenHomes, runtimeDir } = input;
  const under = (paths: string[], kind: Mask["kind"]) =>
    home ? paths.map((path) => ({ path: join(home, path), kind })) : [];
  return [
    ...under(MASKED_HOME_DIRS, "dir"),
    ...under(MASKED_HOME_FILES, "file"),
    ...hiddenHomes.map((path) => ({ path, kind: "dir" as const })),
    { path: runtimeDir ?? `/run/user/${process.getuid?.()}`, kind: "dir" },
    ...SERVICE_SOCKETS.map((path) => ({ path, kind: "file" as const })),
  ];
}

/**
 * Where a mask goes: over what exists; over a missing path only where a command could create
 * it (a writable root), so that it can neither read nor leave anything there (bwrap makes an
 * empty placeholder; what the command writes lands in the discarded tmpfs or fails).
 */
function placedMask(mask: Mask, writableRoots: string[]): Mask | undefined {
  const found = real(mask.path);
  if (found !== undefined) return { path: found, kind: kindOf(found) ?? mask.kind };
  const where = realWhereMissing(mask.path);
  return writableRoots.some((root) => isInside(root, where)) ? { ...mask, path: where } : undefined;
}

/**
 * Where the protected paths go in writable roots: what exists, by its real path, read-only; a
 * missing `.codex`/`.agents` held read-only where it would be created. A missing hook file is not
 * held (the hook's trust records it missing: created, the hook asks again before it runs).
 */
function placedProtection(paths: readonly ProtectedPath[], writableRoots: string[]) {
  const writable = (path: string) => writableRoots.some((root) => isInside(root, path));
  const existing: string[] = [];
  const missing: string[] = [];
  for (const { path, kind } of paths) {
    const found = real(path);
    if (found !== undefined) {
      if (writable(found)) existing.push(found);
      continue;
    }
    const where = realWhereMissing(path);
    if (kind === "agent-folder" && writable(where)) missing.push(where);
  }
  return { existing, missing };
}

/** The confinement of one command, from what exists on disk right now. */
export function confinementPlan(input: PlanInput): ConfinementPlan {
  const roots = [...new Set(input.workspaceRoots.map((root) => real(root) ?? root))];
  const writableRoots = input.writable ? roots : [];
  const masks = declaredMasks(input).flatMap((mask) => placedMask(mask, writableRoots) ?? []);
  const linked = input.writable ? (input.linked ?? []) : [];
  const held = placedProtection(input.protectedPaths ?? [], writableRoots);
  return {
    writableRoots,
    readableRoots: input.writable ? [] : roots,
    // git's own files are bound in both modes: a shared repository under /tmp stays visible
    readOnlyPaths: [...new Set([...roots.flatMap(gitPaths), ...linked, ...held.existing])],
    ...(held.missing.length > 0 ? { readOnlyMissing: [...new Set(held.missing)] } : {}),
    maskedDirs: masks.filter((mask) => mask.kind === "dir").map((mask) => mask.path),
    maskedFiles: masks.filter((mask) => mask.kind === "file").map((mask) => mask.path),
    boundLast: [],
    network: input.network,
    cwd: real(input.cwd) ?? input.cwd,
    ...(linked.length > LINKED_BIND_LIMIT ? { refusal: tooManyLinksMessage(linked.length) } : {}),
  };
}

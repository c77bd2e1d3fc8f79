/**
 * The bubblewrap command line for one shell command (pure). What each mode enforces is
 * documented in docs/config.md ("Sandbox").
 */
import type { ConfinementPlan } from "./confinement-plan.js";

/** Namespaces and lifetime shared by every mode: nothing outlives mini-codex. */
const LIFETIME = ["--unshare-pid", "--die-with-parent"];

/**
 * Root file system read-only, a private /tmp, the workspace roots bound after it, `.git`, the
 * protected paths (an empty read-only folder where `.codex`/`.agents` is missing) read-only,
 * credentials masked, network unshared unless allowed, a new session (no
 * keystroke injection into the terminal).
 */
export function confinedArgs(plan: ConfinementPlan): string[] {
  const args = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"];
  for (const root of plan.readableRoots) args.push("--ro-bind", root, root);
  for (const root of plan.writableRoots) args.push("--bind", root, root);
  for (const path of plan.readOnlyPaths) args.push("--ro-bind", path, path);
  for (const dir of plan.readOnlyMissing ?? []) args.push("--tmpfs", dir, "--remount-ro", dir);
  for (const dir of plan.maskedDirs) args.push("--tmpfs", dir);
  for (const file of plan.maskedFiles) args.push("--ro-bind", "/dev/null", file);
  for (const file of plan.boundLast) args.push("--ro-bind", file, file);
  args.push(...LIFETIME, "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try");
  if (!plan.network) args.push("--unshare-net");
  if (!plan.keepTerminal) args.push("--new-session");
  args.push("--chdir", plan.cwd);
  return args;
}

/**
 * danger-full-access: the whole file system read-write and the network as is; only a pid
 * namespace tied to mini-codex, so a `kill -9` of mini-codex still takes every process with it,
 * and that namespace's own /proc: mini-codex's environment (its API key) and every other
 * process outside stay out of sight.
 */
export function fullAccessArgs(cwd: string): string[] {
  return ["--dev-bind", "/", "/", "--proc", "/proc", ...LIFETIME, "--chdir", cwd];
}

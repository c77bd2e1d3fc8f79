/**
 * Confinement plans as confinementPlan() makes them on a Mac (real paths: /Users, /private/var,
 * /private/tmp), one per mode and carve-out the Linux sandbox promises (docs/config.md).
 */
import type { ConfinementPlan } from "../../src/sandbox/confinement-plan.js";

const home = "/Users/me";
const project = `${home}/project`;
const privateTemp = "/private/var/folders/zz/abc123/T/mini-codex-tmp-Q1w2e3";

/** Credential folders and files of a home outside the workspace (only the existing ones). */
const hiddenOutside = {
  maskedDirs: [`${home}/.ssh`, `${home}/.aws`, `${home}/.codex`, `${home}/.mini-codex`],
  maskedFiles: [`${home}/.netrc`, `${home}/.npmrc`],
};

const base: ConfinementPlan = {
  writableRoots: [project],
  readableRoots: [],
  readOnlyPaths: [`${project}/.git`],
  ...hiddenOutside,
  boundLast: [],
  network: false,
  cwd: project,
  privateTemp,
};

export const SEATBELT_PLANS: Record<string, ConfinementPlan> = {
  /** -s read-only: the project visible, nothing writable but the private temp folder. */
  "read-only": {
    ...base,
    writableRoots: [],
    readableRoots: [project],
  },
  /** -s workspace-write, network_access off (the TUI's default). */
  "workspace-write": base,
  /** [sandbox_workspace_write] network_access = true. */
  "workspace-write-network": { ...base, network: true },
  /** --add-dir ../shared --add-dir /tmp/scratch (given as /tmp: the builder makes it /private/tmp). */
  "extra-roots": {
    ...base,
    writableRoots: [project, `${home}/shared`, "/tmp/scratch"],
    readOnlyPaths: [`${project}/.git`, `${home}/shared/.git`],
  },
  /**
   * A git worktree (its `.git` file, the gitdir it names, the shared repository) and a
   * pnpm-linked node_modules: a folder of linked files only, and linked files in a mixed folder.
   */
  "git-and-linked": {
    ...base,
    writableRoots: [`${home}/wt`],
    readOnlyPaths: [
      `${home}/wt/.git`,
      `${home}/repo/.git/worktrees/wt`,
      `${home}/repo/.git`,
      `${home}/wt/node_modules/.pnpm/left-pad@1.3.0`,
      `${home}/wt/packages/a/README.md`,
    ],
    cwd: `${home}/wt`,
  },
  /**
   * A workspace that holds $HOME: the hidden paths inside it (also missing ones, where a command
   * could create them), the folder holding ~/.config/gh, and the shell snapshot shown last.
   */
  "home-workspace": {
    ...base,
    writableRoots: [home],
    readOnlyPaths: [],
    maskedDirs: [`${home}/.ssh`, `${home}/.config/gh`, `${home}/.mini-codex`],
    maskedFiles: [`${home}/.git-credentials`, `${home}/.config/git/credentials`],
    boundLast: ["/private/var/folders/zz/abc123/T/mini-codex-shell-x/snapshot.sh"],
    cwd: home,
  },
  /** exec_command with a tty: the command keeps the pseudo-terminal mini-codex opened for it. */
  "own-terminal": { ...base, keepTerminal: true },
};

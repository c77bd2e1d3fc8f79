import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { confinedArgs } from "../../src/sandbox/bwrap-args.js";
import { confinementPlan } from "../../src/sandbox/confinement-plan.js";
import { type ProtectedPath, protectedPaths } from "../../src/sandbox/protected-paths.js";
import { seatbeltProfile } from "../../src/sandbox/seatbelt-profile.js";

// Issue 43, hole 1: what runs unconfined, as one list from the roots and the trusted hooks,
// placed by the confinement plan for bwrap and Seatbelt alike (e2e: hook-trust-holes.test.ts).
describe("protectedPaths: what runs unconfined inside the writable roots", () => {
  it("the .codex/.agents of each root and of the folders from the project down to cwd; hook files inside a root", () => {
    const paths = protectedPaths({
      roots: ["/w/repo", "/w/extra"],
      cwd: "/w/repo/pkg",
      projectRoot: "/w/repo",
      hookPaths: [
        "/w/repo/.codex/hooks/post.sh", // inside .codex: held with it
        "/w/repo/tools/hook",
        "/home/me/.codex/hooks.json", // outside every root: read-only already
      ],
    });
    expect(paths).toEqual([
      { path: "/w/extra/.agents", kind: "agent-folder" },
      { path: "/w/extra/.codex", kind: "agent-folder" },
      { path: "/w/repo/.agents", kind: "agent-folder" },
      { path: "/w/repo/.codex", kind: "agent-folder" },
      { path: "/w/repo/pkg/.agents", kind: "agent-folder" },
      { path: "/w/repo/pkg/.codex", kind: "agent-folder" },
      { path: "/w/repo/tools/hook", kind: "hook-file" },
    ]);
  });
});

/** workspace-write's plan (read-only's with `writable: false`) for one root holding `paths`. */
const planFor = (repo: string, paths: ProtectedPath[], writable = true) =>
  confinementPlan({
    writable,
    workspaceRoots: [repo],
    cwd: repo,
    network: false,
    home: undefined,
    hiddenHomes: [],
    protectedPaths: paths,
  });

describe("the confinement plan holds them read-only, missing .codex/.agents too", () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "mini-codex-protected-")));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("binds what exists, mounts an empty read-only folder where .agents is missing, and Seatbelt refuses its creation", () => {
    mkdirSync(join(root, ".codex"));
    mkdirSync(join(root, "tools"));
    writeFileSync(join(root, "tools", "hook"), "#!/bin/sh\n");
    const guarded = protectedPaths({
      roots: [root],
      cwd: root,
      projectRoot: root,
      hookPaths: [join(root, "tools", "hook"), join(root, "tools", "missing.sh")],
    });
    const plan = planFor(root, guarded);
    expect(plan.readOnlyPaths).toEqual(
      expect.arrayContaining([join(root, ".codex"), join(root, "tools", "hook")]),
    );
    // a missing hook file is not held (its trust records it missing)
    expect(plan.readOnlyMissing).toEqual([join(root, ".agents")]);
    const args = confinedArgs(plan).join(" ");
    expect(args).toContain(`--tmpfs ${root}/.agents --remount-ro ${root}/.agents`);
    const profile = seatbeltProfile(plan, { processListing: false });
    // (Seatbelt names /tmp by its real path, /private/tmp)
    const param = profile.params.find(([, value]) => value.endsWith(`${root}/.agents`))?.[0];
    expect(param).toBeDefined();
    expect(profile.text).toContain(`(require-not (literal (param "${param}")))`);
    // read-only: nothing to hold, the roots are read-only whole
    const readOnly = planFor(root, guarded, false);
    expect(readOnly.readOnlyMissing).toBeUndefined();
  });

  it("a .codex linked to nowhere is held where its target would be (bwrap cannot mount on the link)", () => {
    const repo = join(root, "linked");
    mkdirSync(repo);
    symlinkSync("build/codex", join(repo, ".codex"));
    const paths = protectedPaths({ roots: [repo], cwd: repo, projectRoot: repo, hookPaths: [] });
    const plan = planFor(repo, paths);
    expect(plan.readOnlyMissing).toEqual([join(repo, ".agents"), join(repo, "build", "codex")]);
  });
});

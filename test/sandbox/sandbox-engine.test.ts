import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sandboxWarning } from "../../src/launch/config/sandbox-settings.js";
import { commandLaunch } from "../../src/sandbox/command-launch.js";
import { sandboxEngineFor } from "../../src/sandbox/sandbox-engine.js";
import { unavailableMessage } from "../../src/sandbox/sandbox-status.js";
import { SANDBOX_EXEC, seatbeltTrialStatus } from "../../src/sandbox/seatbelt-probe.js";
import { darwinCanonical } from "../../src/sandbox/seatbelt-profile.js";
import { resolveSettings } from "../../src/settings/index.js";
import { tempWorkspace } from "../tools/helpers.js";
import { paramsDefined, paramsUsed, readSbpl, sbplProblems } from "./sbpl.js";

describe("the platform choice (pure: the platform and what is installed)", () => {
  it("linux: bwrap from PATH, or why not", () => {
    expect(sandboxEngineFor("linux", { bwrap: "/usr/bin/bwrap", sandboxExec: false })).toEqual({
      engine: "bwrap",
      path: "/usr/bin/bwrap",
    });
    // a sandbox-exec on Linux is no reason to use it
    const none = sandboxEngineFor("linux", { sandboxExec: true });
    expect(none).toMatchObject({
      problem: { why: "bwrap (bubblewrap) is not installed or not on PATH" },
    });
  });

  it("darwin: /usr/bin/sandbox-exec, never a bwrap on PATH", () => {
    expect(sandboxEngineFor("darwin", { bwrap: "/opt/bin/bwrap", sandboxExec: true })).toEqual({
      engine: "seatbelt",
      path: "/usr/bin/sandbox-exec",
    });
    expect(
      sandboxEngineFor("darwin", { bwrap: "/opt/bin/bwrap", sandboxExec: false }),
    ).toMatchObject({
      problem: { why: "/usr/bin/sandbox-exec is missing" },
    });
  });

  it("another platform: none, and it says so", () => {
    const choice = sandboxEngineFor("win32", { bwrap: "/usr/bin/bwrap", sandboxExec: true });
    expect(choice).toMatchObject({
      problem: { why: "mini-codex cannot confine commands on win32" },
    });
  });
});

describe("what the messages say", () => {
  it("on Linux, word for word as before", () => {
    const choice = sandboxEngineFor("linux", { sandboxExec: false });
    if (!("problem" in choice)) throw new Error("expected a problem");
    expect(unavailableMessage(choice.problem, "workspace-write")).toBe(
      "sandbox unavailable: bwrap (bubblewrap) is not installed or not on PATH; refusing to run the command unconfined in workspace-write mode. Install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap), or run with -s danger-full-access (no confinement) if you accept commands running with full access.",
    );
    expect(sandboxWarning("read-only", { ok: false, ...choice.problem })).toBe(
      "bwrap (bubblewrap) is not installed or not on PATH: shell commands will be refused in read-only mode (install bubblewrap, or pass -s danger-full-access to run them unconfined)",
    );
  });

  it("inside another sandbox on macOS: whose, and what to do", () => {
    const stderr = "sandbox-exec: sandbox_apply: Operation not permitted\n";
    const nested = seatbeltTrialStatus(1, stderr, { CODEX_SANDBOX: "seatbelt" });
    expect(nested).toMatchObject({ ok: false });
    if (nested.ok) return;
    expect(nested.why).toBe(
      "mini-codex runs inside the Codex CLI's sandbox (CODEX_SANDBOX=seatbelt), where macOS lets no process apply a Seatbelt profile of its own (sandbox-exec: sandbox_apply: Operation not permitted)",
    );
    expect(sandboxWarning("workspace-write", nested)).toContain(
      "(start mini-codex outside that sandbox, or pass -s danger-full-access to run them unconfined)",
    );
    const mine = seatbeltTrialStatus(1, stderr, { MINI_CODEX_SANDBOX: "seatbelt" });
    expect(!mine.ok && mine.why).toContain("another mini-codex's sandbox");
    const unknown = seatbeltTrialStatus(1, stderr, {});
    expect(!unknown.ok && unknown.why).toContain("inside another sandbox,");
    expect(seatbeltTrialStatus(0, "", {})).toEqual({
      ok: true,
      engine: "seatbelt",
      path: SANDBOX_EXEC,
    });
    const other = seatbeltTrialStatus(65, "sandbox-exec: invalid profile\n", {});
    expect(!other.ok && other.why).toBe(
      "sandbox-exec cannot apply a profile here (sandbox-exec: invalid profile)",
    );
  });
});

describe("commandLaunch under Seatbelt (what a Mac runs, built here from a real workspace)", () => {
  it("runs /usr/bin/sandbox-exec -p <profile> -D… -- bash -lc <command>, with the private TMPDIR", async () => {
    const ws = await tempWorkspace();
    try {
      const root = realpathSync(ws.ws);
      mkdirSync(join(root, ".git"));
      writeFileSync(join(root, "a.txt"), "a");
      const temp = join(realpathSync(ws.root), "private-tmp");
      const launch = commandLaunch({
        mode: "workspace-write",
        command: "touch made",
        cwd: root,
        workspaceRoots: [root],
        settings: { networkAccess: false, home: join(root, "home"), hiddenHomes: [] },
        sandbox: { ok: true, engine: "seatbelt", path: SANDBOX_EXEC },
        privateTemp: temp,
      });
      if ("refused" in launch) throw new Error(launch.refused);
      expect(launch.file).toBe("/usr/bin/sandbox-exec");
      expect(launch).toMatchObject({ confined: true, networkBlocked: true, viaBwrap: false });
      expect(launch.env).toEqual({ TMPDIR: temp, MINI_CODEX_SANDBOX: "seatbelt" });
      const dash = launch.args.indexOf("--");
      expect(launch.args[0]).toBe("-p");
      expect(launch.args.slice(dash + 1)).toEqual(["bash", "-lc", "touch made"]);
      const forms = readSbpl(launch.args[1] as string);
      expect(sbplProblems(forms)).toEqual([]);
      const defined = paramsDefined(launch.args.slice(0, dash));
      expect(defined.map(([k]) => k).sort()).toEqual([...new Set(paramsUsed(forms))].sort());
      // as Seatbelt sees them (a temp dir under /tmp is /private/tmp on a Mac)
      expect(Object.fromEntries(defined)).toMatchObject({
        WRITABLE_ROOT_0: darwinCanonical(root),
        READ_ONLY_0: darwinCanonical(join(root, ".git")),
        PRIVATE_TMP: darwinCanonical(temp),
        // a home inside the workspace: its credential folders hidden even where missing
        HIDDEN_0: darwinCanonical(join(root, "home", ".ssh")),
      });
    } finally {
      await ws.cleanup();
    }
  });

  it("danger-full-access on macOS: plain bash (no bwrap to wrap it in)", () => {
    const launch = commandLaunch({
      mode: "danger-full-access",
      command: "true",
      cwd: "/",
      workspaceRoots: ["/"],
      settings: { networkAccess: false, home: undefined, hiddenHomes: [] },
      sandbox: { ok: true, engine: "seatbelt", path: SANDBOX_EXEC },
    });
    expect(launch).toEqual({
      file: "bash",
      args: ["-lc", "true"],
      viaBwrap: false,
      confined: false,
      networkBlocked: false,
    });
  });
});

describe("[sandbox_macos] process_listing", () => {
  it("is a setting of the commands' sandbox from config.toml (off by default)", () => {
    const on = resolveSettings({ sandbox_macos: { process_listing: true } });
    expect(on.sandbox.processListing).toBe(true);
    expect(resolveSettings({}).sandbox.processListing).toBe(false);
  });
});

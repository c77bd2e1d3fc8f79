import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { probeBwrap } from "../../src/sandbox/bwrap-probe.js";
import { resolveSettings } from "../../src/settings/index.js";
import { createToolRouter } from "../../src/tools/index.js";
import { makeContext, type TempWorkspace, tempWorkspace, textRouter } from "./helpers.js";

const call = (command: string) => ({
  type: "function_call" as const,
  name: "shell_command",
  call_id: "call_1",
  arguments: JSON.stringify({ command }),
});

const outputOf = (text: string) => text.slice(text.indexOf("Output:\n") + 8);

/** Snapshot folders in the temp dir (the tests look at the files mini-codex wrote). */
/** A file's text, or "" when it cannot be read (another test's folder, already gone). */
const readIfThere = (path: string) => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
};
const snapshotDirs = () =>
  new Set(readdirSync(tmpdir()).filter((name) => name.startsWith("mini-codex-shell-")));

describe("shell_command with the login-environment snapshot (real bash, real bwrap)", () => {
  let ws: TempWorkspace;
  let runs: string;
  let warnings: string[];
  // HOME is the workspace itself, so its profile is visible in the confined modes too
  const router = (options: Parameters<typeof createToolRouter>[0] = {}) =>
    textRouter(createToolRouter({ shellEnv: { HOME: ws.ws }, ...options }));
  const profile = (text: string) =>
    writeFile(join(ws.ws, ".bash_profile"), `echo run >> ${runs}\n${text}\n`);
  const profileRuns = () =>
    existsSync(runs) ? readFileSync(runs, "utf8").split("\n").length - 1 : 0;
  const ctx = (sandbox: "read-only" | "workspace-write" | "danger-full-access") =>
    makeContext(ws.ws, { sandbox, warn: (message) => warnings.push(message) });

  beforeEach(async () => {
    ws = await tempWorkspace();
    runs = join(ws.ws, ".profile-runs");
    warnings = [];
  });
  afterEach(async () => {
    await ws.cleanup();
  });

  it("bwrap works on this machine (the confined cases below depend on it)", async () => {
    expect(await probeBwrap()).toMatchObject({ ok: true });
  });

  // read-only: the profile cannot append to the runs file; it still exports
  for (const sandbox of ["read-only", "workspace-write", "danger-full-access"] as const) {
    it(`a variable the profile exports reaches the command (${sandbox})`, async () => {
      await profile('export FROM_PROFILE=\'it is: "quoted"\'\nexport PATH="$HOME/bin:$PATH"');
      const tools = router();
      const c = ctx(sandbox);
      const first = await tools.execute(
        call('echo "$FROM_PROFILE"; echo "$PATH" | cut -d: -f1'),
        c,
      );
      expect(outputOf(first)).toBe(`it is: "quoted"\n${ws.ws}/bin\n`);
      // BASH_ENV is not left set: the command's own bash scripts do not source the snapshot
      const second = await tools.execute(call('echo "$FROM_PROFILE|$BASH_ENV|"'), c);
      expect(outputOf(second)).toBe('it is: "quoted"||\n');
      expect(warnings).toEqual([]);
    });
  }

  it("the snapshot is checked inside the sandbox: what the confined login shell printed never runs unconfined", async () => {
    // a profile can make the capture print any text as its "functions" (here: a command)
    const escaped = join(ws.ws, "escaped");
    await profile(
      `builtin() { if [ "$1" = declare ]; then command printf 'touch %s\\n' '${escaped}'; else command builtin "$@"; fi; }`,
    );
    const output = await router().execute(call("echo ran"), ctx("read-only"));
    // read-only: the workspace cannot be written, by the profile or by anything it printed
    expect(existsSync(escaped)).toBe(false);
    // (the fallback's login shell runs the test profile, whose runs file is read-only here)
    expect(outputOf(output)).toMatch(/^(.*Read-only file system\n)?ran\n$/);
    expect(warnings).toEqual([
      "shell snapshot: sourcing the snapshot printed errors; commands run with `bash -lc` (the login profile runs each time)",
    ]);
  });

  it("a slow profile runs once per session, not once per command", async () => {
    await profile("sleep 0.3\nexport FROM_PROFILE=1");
    const tools = router();
    for (let i = 0; i < 3; i++) {
      const output = await tools.execute(call("echo $FROM_PROFILE"), ctx("workspace-write"));
      expect(outputOf(output)).toBe("1\n");
    }
    expect(profileRuns()).toBe(1);
    // without the snapshot (`[features] shell_snapshot = false`) every command pays it
    const plain = router({ config: resolveSettings({ features: { shell_snapshot: false } }) });
    for (let i = 0; i < 3; i++) await plain.execute(call("true"), ctx("workspace-write"));
    expect(profileRuns()).toBe(4);
  });

  it("a key the profile exports never reaches a command, nor the snapshot file", async () => {
    await profile(
      [
        "export OPENAI_API_KEY=sk-from-profile",
        "export CODEX_API_KEY=codex-from-profile",
        "export MY_PROVIDER_KEY=provider-from-profile",
        "export GITHUB_TOKEN=token-from-profile",
        "export KEPT=kept",
      ].join("\n"),
    );
    const before = snapshotDirs();
    const tools = router({ removeEnv: ["MY_PROVIDER_KEY"] });
    const output = await tools.execute(call("env"), ctx("danger-full-access"));
    expect(output).toContain("KEPT=kept");
    for (const secret of ["sk-from", "codex-from", "provider-from", "token-from"]) {
      expect(output).not.toContain(secret);
    }
    // this session's snapshot: the one new folder holding its profile's KEPT (test files run two
    // at a time, and another one's commands may make theirs in the same moment)
    const made = [...snapshotDirs()]
      .filter((name) => !before.has(name))
      .filter((name) => readIfThere(join(tmpdir(), name, "snapshot.sh")).includes("KEPT"));
    expect(made).toHaveLength(1);
    const file = join(tmpdir(), made[0] as string, "snapshot.sh");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(file, "..")).mode & 0o777).toBe(0o700);
    const text = readFileSync(file, "utf8");
    expect(text).toContain("KEPT");
    expect(text).not.toMatch(/from-profile/);
  });

  it("functions the profile defines are there; its output and aliases are not", async () => {
    await profile("echo 'Welcome!'\ngreet() { echo \"hello $1\"; }\nalias ll='ls -l'");
    const output = await router().execute(
      call("greet you; type ll 2>&1 | head -1"),
      ctx("workspace-write"),
    );
    expect(outputOf(output)).toBe("hello you\nbash: line 1: type: ll: not found\n");
  });

  it("a profile that exits non-zero: one warning, and commands run with bash -lc as before", async () => {
    await profile("exit 3");
    const tools = router();
    const first = await tools.execute(call("echo never"), ctx("workspace-write"));
    expect(first.split("\n")[0]).toBe("Exit code: 3");
    const second = await tools.execute(call("echo never"), ctx("workspace-write"));
    expect(second.split("\n")[0]).toBe("Exit code: 3");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^shell snapshot: the login shell exited 3; .*bash -lc/);
  });

  it("a profile that hangs at capture: the capture is killed, commands fall back to bash -lc", async () => {
    // hangs the first time only, so the fallback's own login shell finishes
    const once = join(ws.ws, ".hung");
    await profile(
      `if [ ! -e ${once} ]; then touch ${once}; sleep 300; fi\nexport FROM_PROFILE=late`,
    );
    const tools = router({ snapshotTimeoutMs: 500 });
    const output = await tools.execute(call("echo $FROM_PROFILE"), ctx("danger-full-access"));
    expect(outputOf(output)).toBe("late\n");
    expect(warnings).toEqual([
      "shell snapshot: the login shell took over 500 ms; commands run with `bash -lc` (the login profile runs each time)",
    ]);
    expect(profileRuns()).toBe(2);
  });
});

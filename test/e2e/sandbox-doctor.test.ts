import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanEnv, runCli } from "./helpers.js";

// `mini-codex sandbox doctor` on this machine: real bwrap, real commands, the built binary.
describe("mini-codex sandbox doctor (built binary, real bwrap)", () => {
  const root = mkdtempSync(join(tmpdir(), "mini-codex-doctor-e2e-"));
  const env = cleanEnv({ MINI_CODEX_HOME: join(root, "home") });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("runs a probe per promise in each confined mode and every one passes", async () => {
    const run = await runCli(["sandbox", "doctor"], { env });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^mini-codex sandbox doctor: bubblewrap \(\/.*bwrap\) on linux/);
    expect(lines).toContain("read-only");
    expect(lines).toContain("workspace-write, network_access = true");
    expect(lines).toContain("  pass  credential folders are hidden (~/.ssh)");
    expect(lines).toContain("  pass  no network (not even loopback)");
    expect(lines).toContain("  pass  the network is on (a loopback server answers)");
    expect(lines.filter((line) => line.startsWith("  fail"))).toEqual([]);
    expect(lines.at(-1)).toMatch(/^41 passed, 0 failed$/);
  }, 120_000);

  it("without bwrap: says why and what to do, exit 1", async () => {
    const bin = join(root, "bin");
    mkdirSync(bin);
    for (const dir of ["/usr/local/bin", "/usr/bin", "/bin"]) {
      if (!existsSync(dir) || statSync(dir).isSymbolicLink()) continue;
      for (const name of readdirSync(dir)) {
        if (name === "bwrap" || existsSync(join(bin, name))) continue;
        symlinkSync(join(dir, name), join(bin, name));
      }
    }
    const run = await runCli(["sandbox", "doctor"], { env: { ...env, PATH: bin } });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      "mini-codex sandbox doctor: no sandbox here: bwrap (bubblewrap) is not installed or not on PATH.\nInstall bubblewrap (Debian/Ubuntu: apt-get install bubblewrap).\n",
    );
  }, 60_000);
});

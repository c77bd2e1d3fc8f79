import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { processesRunning, uniqueSleep } from "../tools/helpers.js";
import { demoSuite, jsonLines, runCli, spawnCli, waitFor } from "./helpers.js";

const suite = demoSuite();
const against = () => suite.against();

/** Every file below `dir`, recursively. */
function filesBelow(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesBelow(path) : [path];
  });
}

describe("exec under the sandbox (real bwrap, built binary)", () => {
  it("without -s it cannot write in the workspace (read-only, as codex exec); --full-auto can", async () => {
    const denied = await runCli(["exec", "--json", ...against(), "run: touch made.txt"], {
      env: suite.world.env(),
    });
    // policy never: nobody is asked, the command fails in the sandbox and the turn completes
    expect(denied.code).toBe(0);
    expect(existsSync(join(suite.world.repo, "made.txt"))).toBe(false);
    expect(jsonLines(denied.stdout).at(-1)).toMatchObject({ type: "turn.completed" });
    expect(denied.stdout).toContain("Read-only file system");

    const allowed = await runCli(["exec", "--full-auto", ...against(), "run: touch made.txt"], {
      env: suite.world.env(),
    });
    expect(allowed.code).toBe(0);
    expect(existsSync(join(suite.world.repo, "made.txt"))).toBe(true);
  });

  it("the API key never reaches a command, the session files or any output stream", async () => {
    const key = `sk-test-${Math.random().toString(36).slice(2)}-secret`;
    const run = await runCli(["exec", "--json", ...against(), "run: env"], {
      env: suite.world.env({ OPENAI_API_KEY: key, CODEX_API_KEY: key, MY_TOKEN: key }),
    });
    expect(run.code).toBe(0);
    // the command really ran and printed its environment
    expect(run.stdout).toContain("MINI_CODEX_HOME");
    expect(run.stdout).not.toContain("OPENAI_API_KEY");
    expect(run.stdout).not.toContain(key);
    expect(run.stderr).not.toContain(key);
    const files = filesBelow(suite.world.home);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(readFileSync(file, "utf8")).not.toContain(key);
  });

  it("a Codex home elsewhere ($CODEX_HOME, codex_home) is hidden from commands like $MINI_CODEX_HOME", async () => {
    // outside /tmp, which the sandbox replaces with a private one anyway
    const outside = mkdtempSync("/var/tmp/mini-codex-homes-");
    const elsewhere = join(outside, "codex-home");
    const named = join(outside, "named-codex-home");
    for (const dir of [elsewhere, named]) {
      mkdirSync(dir, { recursive: true });
      // an API-key sign-in as `login --with-api-key` writes it (codex_home's is read to sign in)
      writeFileSync(
        join(dir, "auth.json"),
        '{"auth_mode":"apikey","OPENAI_API_KEY":"hidden-token"}',
      );
    }
    try {
      const read = (path: string) => `cat ${path}/auth.json; echo exit=$?`;
      const run = await runCli(
        [
          "exec",
          "--json",
          "--full-auto",
          ...against(),
          "-c",
          `codex_home="${named}"`,
          `run: ${read(elsewhere)}; ${read(named)}`,
        ],
        { env: suite.world.env({ CODEX_HOME: elsewhere }) },
      );
      expect(run.code).toBe(0);
      // the command ran, and neither file could be read
      expect(run.stdout).toContain("exit=1");
      expect(run.stdout).not.toContain("exit=0");
      expect(run.stdout).not.toContain("hidden-token");
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it("danger-full-access: a command cannot read the key from mini-codex's (or any outside process's) /proc/<pid>/environ", async () => {
    const key = `sk-test-${Math.random().toString(36).slice(2)}-secret`;
    const command =
      "ls -d /proc/[0-9]* | wc -l; cat /proc/[0-9]*/environ | tr '\\0' '\\n' | grep -a API_KEY=; echo SCANNED";
    const run = await runCli(
      ["exec", "--json", "-s", "danger-full-access", ...against(), `run: ${command}`],
      { env: suite.world.env({ OPENAI_API_KEY: key }) },
    );
    expect(run.code).toBe(0);
    // the command ran and read every /proc/<pid>/environ it could see
    expect(run.stdout).toContain("SCANNED");
    expect(run.stdout).not.toContain(key);
    expect(run.stdout).not.toContain("OPENAI_API_KEY=");
  });

  for (const mode of ["workspace-write", "danger-full-access"] as const) {
    it(`after a kill -9 of mini-codex no process its command started survives (${mode})`, async () => {
      const sleep = uniqueSleep();
      const run = spawnCli(["exec", "-s", mode, ...against(), `run: ${sleep} & ${sleep} & wait`], {
        env: suite.world.env(),
      });
      await waitFor(() => processesRunning(sleep).length === 2, 20_000);
      run.child.kill("SIGKILL");
      await run.done;
      await waitFor(() => processesRunning(sleep).length === 0);
    });
  }

  it("without bwrap on PATH: one warning, confined commands refused with what to pass, danger-full-access runs", async () => {
    const bin = mkdtempSync(join(suite.world.root, "bin-"));
    for (const dir of ["/usr/local/bin", "/usr/bin", "/bin"]) {
      if (!existsSync(dir) || statSync(dir).isSymbolicLink()) continue;
      for (const name of readdirSync(dir)) {
        if (name === "bwrap" || existsSync(join(bin, name))) continue;
        symlinkSync(join(dir, name), join(bin, name));
      }
    }
    const env = suite.world.env({ PATH: bin });
    const refused = await runCli(["exec", "--full-auto", ...against(), "run: touch ran.txt"], {
      env,
    });
    expect(refused.code).toBe(0);
    expect(refused.stderr.match(/bwrap \(bubblewrap\) is not installed/g)).toHaveLength(1);
    expect(refused.stdout + refused.stderr).not.toContain("Exit code: 0");
    expect(existsSync(join(suite.world.repo, "ran.txt"))).toBe(false);
    const sessions = join(suite.world.home, "sessions");
    const saved = readdirSync(sessions)
      .map((f) => readFileSync(join(sessions, f), "utf8"))
      .join("");
    expect(saved).toContain("sandbox unavailable");
    expect(saved).toContain("-s danger-full-access");

    const full = await runCli(["exec", "--yolo", ...against(), "run: touch ran.txt"], { env });
    expect(full.code).toBe(0);
    expect(existsSync(join(suite.world.repo, "ran.txt"))).toBe(true);
    rmSync(bin, { recursive: true, force: true });
    mkdirSync(bin);
  });
});

import { spawnSync } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeDoctorWorld } from "../../src/cli/sandbox-doctor.js";
import {
  DOCTOR_RUNS,
  type DoctorWorld,
  doctorProbes,
  doctorReport,
  probeLeftovers,
} from "../../src/cli/sandbox-doctor-probes.js";

// The doctor's probes must be able to fail: run unconfined (plain bash, as danger-full-access
// runs a command without bwrap), every confinement promise is reported broken.
describe("sandbox doctor probes without a sandbox", () => {
  let root: string;
  let world: DoctorWorld;
  let close = () => {};

  beforeAll(async () => {
    root = mkdtempSync(join(realpathSync(tmpdir()), "mini-codex-doctor-test-"));
    const made = await makeDoctorWorld(root);
    world = made.world;
    close = made.close;
  });
  afterAll(() => {
    close();
    rmSync(root, { recursive: true, force: true });
  });

  it("reports each broken promise as fail, and what holds anyway as pass", () => {
    const run = DOCTOR_RUNS[1] as (typeof DOCTOR_RUNS)[number];
    const verdicts = new Map<string, string>();
    for (const probe of doctorProbes(world, run, { processListing: false, platform: "linux" })) {
      const ran = spawnSync("bash", ["-c", probe.command], { cwd: world.ws, encoding: "utf8" });
      const output = `${ran.stdout}${ran.stderr}`;
      verdicts.set(probe.promise, probe.verdict({ exitCode: ran.status, output }));
    }
    for (const path of probeLeftovers(world)) rmSync(path, { force: true });
    expect(Object.fromEntries(verdicts)).toEqual({
      "the workspace is writable": "pass",
      "nothing is written outside the workspace": "fail",
      "a private temp folder is writable": "pass",
      "git's own files are read-only": "fail",
      "a hard-linked file is read-only (its other copy unchanged)": "fail",
      "credential folders are hidden (~/.ssh)": "fail",
      "credential files are hidden (~/.netrc)": "fail",
      "$MINI_CODEX_HOME is hidden (sessions, ledgers)": "fail",
      "the rest of the file system stays readable (~/notes.txt)": "pass",
      "no network (not even loopback)": "fail",
      "service sockets are hidden ($XDG_RUNTIME_DIR)": "fail",
      "other processes are out of reach (no signal, no environment)": "fail",
      "os.cpus() lists the CPUs (Node, npm, yarn)": "pass",
      "ps lists the command's own processes": "pass",
    });
  });

  it("macOS without process_listing: ps is reported off, not failed", () => {
    const run = DOCTOR_RUNS[0] as (typeof DOCTOR_RUNS)[number];
    const probes = doctorProbes(world, run, { processListing: false, platform: "darwin" });
    const ps = probes.find((probe) => probe.promise.startsWith("ps "));
    expect(ps?.promise).toBe("ps lists processes: off ([sandbox_macos] process_listing = false)");
    expect(ps?.verdict({ exitCode: 1, output: "" })).toBe("off");
  });
});

describe("the doctor's report", () => {
  it("lists each run's promises with pass, fail or off, then the count", () => {
    const report = doctorReport("heading", [
      { title: "read-only", results: [{ promise: "a", verdict: "pass" }] },
      {
        title: "workspace-write",
        results: [
          { promise: "b", verdict: "fail" },
          { promise: "c", verdict: "off" },
        ],
      },
    ]);
    expect(report.failed).toBe(1);
    expect(report.text).toBe(
      "heading\nread-only\n  pass  a\nworkspace-write\n  fail  b\n  off   c\n1 passed, 1 failed, 1 off\n",
    );
  });
});

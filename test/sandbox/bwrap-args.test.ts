import { describe, expect, it } from "vitest";
import { confinedArgs, fullAccessArgs } from "../../src/sandbox/bwrap-args.js";
import { looksSandboxDenied } from "../../src/sandbox/denial.js";

const plan = {
  writableRoots: ["/tmp/t/ws"],
  readableRoots: [],
  readOnlyPaths: ["/tmp/t/ws/.git"],
  maskedDirs: ["/home/me/.ssh"],
  maskedFiles: ["/home/me/.docker"],
  boundLast: [] as string[],
  network: false,
  cwd: "/tmp/t/ws",
};

const at = (args: string[], ...seq: string[]) =>
  args.findIndex((_, i) => seq.every((word, j) => args[i + j] === word));

describe("confinedArgs", () => {
  it("binds the workspace after the private /tmp, then .git read-only, then the masks", () => {
    const args = confinedArgs(plan);
    const tmp = at(args, "--tmpfs", "/tmp");
    const ws = at(args, "--bind", "/tmp/t/ws", "/tmp/t/ws");
    const git = at(args, "--ro-bind", "/tmp/t/ws/.git", "/tmp/t/ws/.git");
    expect(at(args, "--ro-bind", "/", "/")).toBe(0);
    expect(tmp).toBeGreaterThan(0);
    expect(ws).toBeGreaterThan(tmp);
    expect(git).toBeGreaterThan(ws);
    expect(at(args, "--tmpfs", "/home/me/.ssh")).toBeGreaterThan(git);
    expect(at(args, "--ro-bind", "/dev/null", "/home/me/.docker")).toBeGreaterThan(git);
    for (const flag of ["--unshare-net", "--unshare-pid", "--die-with-parent", "--new-session"]) {
      expect(args).toContain(flag);
    }
    expect(args.slice(-2)).toEqual(["--chdir", "/tmp/t/ws"]);
  });

  it("binds the shell snapshot read-only after the masks, even under a masked folder", () => {
    const snapshot = "/home/me/.ssh/snap.sh";
    const args = confinedArgs({ ...plan, boundLast: [snapshot] });
    expect(at(args, "--ro-bind", snapshot, snapshot)).toBeGreaterThan(
      at(args, "--tmpfs", "/home/me/.ssh"),
    );
  });

  it("keeps the network when allowed; read-only binds the roots read-only", () => {
    expect(confinedArgs({ ...plan, network: true })).not.toContain("--unshare-net");
    const readOnly = confinedArgs({ ...plan, writableRoots: [], readableRoots: ["/tmp/t/ws"] });
    expect(readOnly).not.toContain("--bind");
    expect(at(readOnly, "--ro-bind", "/tmp/t/ws", "/tmp/t/ws")).toBeGreaterThan(
      at(readOnly, "--tmpfs", "/tmp"),
    );
  });

  it("danger-full-access binds everything read-write but still dies with mini-codex", () => {
    const args = fullAccessArgs("/w");
    expect(args.slice(0, 3)).toEqual(["--dev-bind", "/", "/"]);
    expect(args).toContain("--unshare-pid");
    expect(args).toContain("--die-with-parent");
    expect(args).not.toContain("--unshare-net");
  });
});

describe("looksSandboxDenied", () => {
  it("a failed write or, with the network unshared, a refused connection", () => {
    expect(looksSandboxDenied(1, "touch: cannot touch 'x': Read-only file system", false)).toBe(
      true,
    );
    expect(looksSandboxDenied(7, "curl: (7) Couldn't connect to server", true)).toBe(true);
    expect(looksSandboxDenied(7, "curl: (7) Couldn't connect to server", false)).toBe(false);
    expect(looksSandboxDenied(0, "Read-only file system", false)).toBe(false);
    expect(looksSandboxDenied(1, "assertion failed", true)).toBe(false);
  });
});

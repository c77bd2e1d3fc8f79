import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { probeBwrap } from "../../src/sandbox/bwrap-probe.js";
import type { SandboxMode } from "../../src/sandbox/modes.js";
import { resolveSettings } from "../../src/settings/index.js";
import { createToolRouter, type ShellToolKind } from "../../src/tools/index.js";
import {
  execute,
  makeContext,
  type TempWorkspace,
  tempWorkspace,
  textOutput,
} from "../tools/helpers.js";

/** Real bwrap, a HOME outside /tmp (so the private /tmp cannot hide it), a loopback server. */
let home: string;
let codexHome: string;
let server: Server;
let url: string;
let ws: TempWorkspace;

beforeAll(async () => {
  home = mkdtempSync("/var/tmp/mini-codex-home-");
  mkdirSync(join(home, ".ssh"));
  writeFileSync(join(home, ".ssh", "id_rsa"), "FIXTURE-PRIVATE-KEY\n");
  writeFileSync(join(home, "notes.txt"), "visible\n");
  codexHome = join(home, ".mini-codex");
  mkdirSync(join(codexHome, "sessions"), { recursive: true });
  writeFileSync(join(codexHome, "sessions", "s.jsonl"), "SESSION-HISTORY\n");
  server = createServer((_req, res) => res.end("LOOPBACK-OK\n"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `127.0.0.1/${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  rmSync(home, { recursive: true, force: true });
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(async () => {
  ws = await tempWorkspace();
  mkdirSync(join(ws.ws, ".git", "hooks"), { recursive: true });
  return () => ws.cleanup();
});

/** The tool under test: shell_command, or exec_command in its own pseudo-terminal. */
let shellTool: ShellToolKind = "shell_command";

/** The call running `command`: exec_command waits for its end (its yield is long enough). */
function commandCall(command: string) {
  const args =
    shellTool === "exec_command" ? { cmd: command, tty: true, yield_time_ms: 30_000 } : { command };
  return {
    type: "function_call" as const,
    name: shellTool,
    call_id: "c",
    arguments: JSON.stringify(args),
  };
}

async function run(
  command: string,
  sandbox: SandboxMode,
  extra: Parameters<typeof createToolRouter>[0] = {},
): Promise<{ exit: number; output: string }> {
  const tools = createToolRouter({
    shellEnv: { HOME: home },
    sandbox: { home, hiddenHomes: [codexHome] },
    shellTool,
    ...extra,
  });
  const output = textOutput(
    await execute(tools, commandCall(command), makeContext(ws.ws, { sandbox })),
  );
  const exit = /^(?:Exit code:|Process exited with code) (\d+)/m.exec(output)?.[1];
  return { exit: Number(exit ?? -1), output };
}

/** bash's own TCP client: no curl needed on the machine. */
const fetchLoopback = () =>
  `exec 3<>/dev/tcp/${url} && printf 'GET / HTTP/1.0\\r\\n\\r\\n' >&3 && cat <&3`;

describe.each(["shell_command", "exec_command"] as const)(
  "bubblewrap confinement of %s (real bwrap)",
  (tool) => {
    beforeEach(() => {
      shellTool = tool;
    });

    it("bwrap works on this machine (the tests below depend on it)", async () => {
      expect(await probeBwrap()).toMatchObject({ ok: true });
    });

    it("workspace-write: writes inside the workspace only; HOME, .git, credentials and network are closed", async () => {
      const inside = await run("echo hi > made.txt && cat made.txt", "workspace-write");
      expect(inside.exit).toBe(0);
      expect(existsSync(join(ws.ws, "made.txt"))).toBe(true);

      const touchHome = await run("touch ~/x", "workspace-write");
      expect(touchHome.exit).not.toBe(0);
      expect(touchHome.output).toContain("Read-only file system");
      expect(existsSync(join(home, "x"))).toBe(false);

      const outside = await run(
        `touch ${join(home, "..", "mini-codex-outside")}`,
        "workspace-write",
      );
      expect(outside.exit).not.toBe(0);
      expect(existsSync(join(home, "..", "mini-codex-outside"))).toBe(false);
      // beside the workspace in /tmp: the write lands in the private /tmp, not on the host
      await run(`touch ${join(ws.root, "outside.txt")}`, "workspace-write");
      expect(existsSync(join(ws.root, "outside.txt"))).toBe(false);

      const hook = await run("echo evil > .git/hooks/pre-commit", "workspace-write");
      expect(hook.exit).not.toBe(0);
      expect(existsSync(join(ws.ws, ".git", "hooks", "pre-commit"))).toBe(false);

      const key = await run("cat ~/.ssh/id_rsa", "workspace-write");
      expect(key.exit).not.toBe(0);
      expect(key.output).not.toContain("FIXTURE-PRIVATE-KEY");
      // the rest of HOME stays readable: the mask, not the missing HOME, hid the key
      expect((await run("cat ~/notes.txt", "workspace-write")).output).toContain("visible");

      const history = await run(`cat ${join(codexHome, "sessions", "s.jsonl")}`, "workspace-write");
      expect(history.output).not.toContain("SESSION-HISTORY");

      const net = await run(fetchLoopback(), "workspace-write");
      expect(net.exit).not.toBe(0);
      expect(net.output).not.toContain("LOOPBACK-OK");
    });

    it("workspace-write with network_access = true reaches the loopback server", async () => {
      const net = await run(fetchLoopback(), "workspace-write", {
        config: resolveSettings({ sandbox_workspace_write: { network_access: true } }),
      });
      expect(net.exit).toBe(0);
      expect(net.output).toContain("LOOPBACK-OK");
    });

    it("a workspace under /tmp stays the real workspace; /tmp itself is private", async () => {
      // under /tmp itself, whatever $TMPDIR names (a CI's may be elsewhere)
      await ws.cleanup();
      ws = await tempWorkspace(undefined, "/tmp");
      mkdirSync(join(ws.ws, ".git", "hooks"), { recursive: true });
      expect(ws.ws.startsWith("/tmp/")).toBe(true);
      writeFileSync(join(ws.root, "beside.txt"), "host tmp\n");
      const result = await run(
        `cat ${join(ws.root, "beside.txt")}; echo scratch > /tmp/scratch && ls ${ws.ws}`,
        "workspace-write",
      );
      expect(result.output).toContain("No such file or directory");
      expect(result.output).not.toContain("host tmp");
      expect(readdirSync("/tmp")).not.toContain("scratch");
    });

    it("a worktree's gitdir target is read-only too", async () => {
      const gitdir = join(ws.ws, "main-git", "worktrees", "wt");
      mkdirSync(gitdir, { recursive: true });
      rmSync(join(ws.ws, ".git"), { recursive: true });
      writeFileSync(join(ws.ws, ".git"), `gitdir: ${gitdir}\n`);
      const result = await run("echo x > main-git/worktrees/wt/HEAD", "workspace-write");
      expect(result.output).toContain("Read-only file system");
      expect(existsSync(join(gitdir, "HEAD"))).toBe(false);
    });

    it("read-only: writing in the workspace fails too, reading works", async () => {
      writeFileSync(join(ws.ws, "a.txt"), "content\n");
      const result = await run("cat a.txt && touch b.txt", "read-only");
      expect(result.output).toContain("content");
      expect(result.output).toContain("Read-only file system");
      expect(existsSync(join(ws.ws, "b.txt"))).toBe(false);
    });

    it("danger-full-access: every one of those succeeds", async () => {
      const result = await run(
        [
          "touch ~/x",
          `touch ${join(ws.root, "outside.txt")}`,
          "touch .git/hooks/x",
          "cat ~/.ssh/id_rsa",
          fetchLoopback(),
        ].join(" && "),
        "danger-full-access",
      );
      expect(result.exit).toBe(0);
      expect(result.output).toContain("FIXTURE-PRIVATE-KEY");
      expect(result.output).toContain("LOOPBACK-OK");
      expect(existsSync(join(home, "x"))).toBe(true);
      rmSync(join(home, "x"));
      expect(existsSync(join(ws.root, "outside.txt"))).toBe(true);
    });

    it("without bwrap, confined modes refuse with a reason and danger-full-access still runs", async () => {
      // a PATH with everything of /usr/bin but bwrap
      const bin = join(ws.root, "bin");
      mkdirSync(bin);
      for (const name of readdirSync("/usr/bin")) {
        if (name !== "bwrap") symlinkSync(join("/usr/bin", name), join(bin, name));
      }
      const sandboxProbe = () => probeBwrap(bin);
      for (const mode of ["workspace-write", "read-only"] as const) {
        const refused = await run("touch ran", mode, { sandboxProbe });
        expect(refused.output).toContain("sandbox unavailable");
        expect(refused.output).toContain("apt-get install bubblewrap");
        expect(refused.output).toContain("-s danger-full-access");
        expect(existsSync(join(ws.ws, "ran"))).toBe(false);
      }
      const full = await run("touch ran", "danger-full-access", { sandboxProbe });
      expect(full.exit).toBe(0);
      expect(existsSync(join(ws.ws, "ran"))).toBe(true);
    });
  },
);

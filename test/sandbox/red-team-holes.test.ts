import { execFileSync } from "node:child_process";
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { LINKED_BIND_LIMIT } from "../../src/sandbox/linked-files.js";
import type { SandboxMode } from "../../src/sandbox/modes.js";
import { createToolRouter, type ToolRouterOptions } from "../../src/tools/index.js";
import { execute, makeContext, textOutput } from "../tools/helpers.js";

/**
 * Issue 24 (red team, round two), holes 2 and 4, item 16 and the "also" points on sockets and
 * credential files: real bwrap, real git, real files. Homes and workspaces live under /var/tmp,
 * outside the private /tmp, unless the case is about /tmp.
 */
let root: string;

beforeEach(() => {
  root = mkdtempSync("/var/tmp/mini-codex-holes-");
  return () => rmSync(root, { recursive: true, force: true });
});

async function run(
  command: string,
  cwd: string,
  options: ToolRouterOptions = {},
  sandbox: SandboxMode = "workspace-write",
) {
  const tools = createToolRouter(options);
  const call = { type: "function_call" as const, name: "shell_command", call_id: "c" };
  const ctx = makeContext(cwd, { sandbox });
  return textOutput(await execute(tools, { ...call, arguments: JSON.stringify({ command }) }, ctx));
}

describe("masks over what does not exist yet (hole 2)", () => {
  it("with the workspace holding $HOME, a command can neither plant ~/.ssh/authorized_keys nor a fresh $MINI_CODEX_HOME/config.toml", async () => {
    const home = join(root, "home");
    mkdirSync(home);
    const options = { sandbox: { home, hiddenHomes: [join(home, ".mini-codex")] } };
    // read-only: nothing can be created, so nothing is masked (and no placeholder made)
    const readOnly = await run(
      "ls -A ~; echo LISTED",
      home,
      { ...options, shellEnv: { HOME: home } },
      "read-only",
    );
    expect(readOnly).toMatch(/^Exit code: 0/);
    expect(existsSync(join(home, ".ssh"))).toBe(false);
    const out = await run(
      [
        "mkdir -p ~/.ssh ~/.mini-codex",
        "echo ssh-ed25519 AAAA > ~/.ssh/authorized_keys",
        "echo '[mcp_servers.x]' > ~/.mini-codex/config.toml",
        "echo 'machine evil login x password y' > ~/.netrc",
        "echo WROTE-IN-SANDBOX; cat ~/.ssh/authorized_keys",
      ].join("; "),
      home,
      { ...options, shellEnv: { HOME: home } },
    );
    // the command ran (and saw its own write in the discarded tmpfs) …
    expect(out).toContain("WROTE-IN-SANDBOX");
    // … but nothing it wrote there is on the disk afterwards
    expect(existsSync(join(home, ".ssh", "authorized_keys"))).toBe(false);
    expect(existsSync(join(home, ".mini-codex", "config.toml"))).toBe(false);
    expect(readFileSync(join(home, ".netrc"), "utf8")).toBe("");
    // and the next command does not find it either
    const next = await run("cat ~/.ssh/* ~/.mini-codex/* ~/.netrc; echo END", home, {
      ...options,
      shellEnv: { HOME: home },
    });
    expect(next).toContain("END");
    for (const text of ["ssh-ed25519", "[mcp_servers", "machine evil"]) {
      expect(next).not.toContain(text);
    }
  });
});

describe("credential files and service sockets (issue 24, also)", () => {
  it("hides ~/.codex, ~/.git-credentials, ~/.netrc, ~/.npmrc, ~/.kube and ~/.config/gcloud from a confined command", async () => {
    const home = join(root, "home");
    const secrets: Record<string, string> = {
      ".codex/auth.json": "CODEX-AUTH",
      ".git-credentials": "GIT-CREDENTIALS",
      ".netrc": "NETRC-PASSWORD",
      ".npmrc": "NPM-TOKEN",
      ".kube/config": "KUBE-TOKEN",
      ".config/gcloud/credentials.db": "GCLOUD-TOKEN",
    };
    for (const [path, text] of Object.entries(secrets)) {
      mkdirSync(join(home, path, ".."), { recursive: true });
      writeFileSync(join(home, path), `${text}\n`);
    }
    writeFileSync(join(home, "notes.txt"), "VISIBLE\n");
    const ws = join(root, "ws");
    mkdirSync(ws);
    const command = `cat ${[...Object.keys(secrets), "notes.txt"].map((p) => join(home, p)).join(" ")}`;
    for (const mode of ["read-only", "workspace-write"] as const) {
      const out = await run(command, ws, { sandbox: { home } }, mode);
      expect(out).toContain("VISIBLE");
      for (const text of Object.values(secrets)) expect(out).not.toContain(text);
    }
    expect(await run(command, ws, { sandbox: { home } }, "danger-full-access")).toContain(
      "CODEX-AUTH",
    );
  });

  it("a Unix socket in $XDG_RUNTIME_DIR (the session bus, an agent) is out of reach with the network off", async () => {
    const runtimeDir = join(root, "run-user");
    mkdirSync(runtimeDir);
    const socket = join(runtimeDir, "bus");
    const server = createServer((conn) => conn.end("BUS-ANSWERED\n"));
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      const ws = join(root, "ws");
      mkdirSync(ws);
      const client = `node -e "require('net').connect('${socket}').on('data', d => process.stdout.write(d)).on('error', e => console.log('REFUSED', e.code))"`;
      const out = await run(client, ws, { sandbox: { runtimeDir } });
      expect(out).toContain("REFUSED");
      expect(out).not.toContain("BUS-ANSWERED");
      const full = await run(client, ws, { sandbox: { runtimeDir } }, "danger-full-access");
      expect(full).toContain("BUS-ANSWERED");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("hard links to files outside the workspace (hole 4)", () => {
  it("a shell command cannot write through a pre-existing hard link; the rest of the workspace stays writable", async () => {
    const outside = join(root, "store");
    const ws = join(root, "ws");
    mkdirSync(join(outside, "pkg"), { recursive: true });
    mkdirSync(join(ws, "node_modules", "pkg"), { recursive: true });
    writeFileSync(join(outside, "shared.txt"), "original\n");
    writeFileSync(join(outside, "pkg", "index.js"), "module.exports = 1;\n");
    linkSync(join(outside, "shared.txt"), join(ws, "hard"));
    // a pnpm-like store: a folder of linked files only
    linkSync(join(outside, "pkg", "index.js"), join(ws, "node_modules", "pkg", "index.js"));
    const out = await run(
      [
        "echo pwn >> hard",
        "sed -i s/1/2/ node_modules/pkg/index.js",
        "echo mine > own.txt && echo OWN-WRITTEN",
      ].join("; "),
      ws,
    );
    expect(out).toContain("OWN-WRITTEN");
    expect(out).toMatch(/Read-only file system|Device or resource busy/);
    expect(readFileSync(join(outside, "shared.txt"), "utf8")).toBe("original\n");
    expect(readFileSync(join(outside, "pkg", "index.js"), "utf8")).toBe("module.exports = 1;\n");
    expect(readFileSync(join(ws, "own.txt"), "utf8")).toBe("mine\n");
  });
});

describe("more hard links than can be bound (hole 4)", () => {
  it("the command is refused with what to do, and nothing runs", async () => {
    const ws = join(root, "ws");
    mkdirSync(ws);
    writeFileSync(join(root, "outside.txt"), "original\n");
    writeFileSync(join(ws, "own.txt"), "not linked\n");
    for (let i = 0; i <= LINKED_BIND_LIMIT; i++) {
      linkSync(join(root, "outside.txt"), join(ws, `link-${i}`));
    }
    const out = await run("echo pwn >> link-0; touch ran", ws);
    expect(out).toContain("hard links");
    expect(out).toContain("package-import-method=copy");
    expect(existsSync(join(ws, "ran"))).toBe(false);
    expect(readFileSync(join(root, "outside.txt"), "utf8")).toBe("original\n");
  });
});

describe("a worktree whose repository lives under /tmp (item 16)", () => {
  it("git works in the sandbox: the shared repository git names is bound read-only", async () => {
    const main = mkdtempSync(join(tmpdir(), "mini-codex-main-"));
    try {
      const git = (cwd: string, ...args: string[]) =>
        execFileSync("git", ["-c", "user.email=a@b", "-c", "user.name=a", ...args], { cwd });
      git(main, "init", "-q");
      writeFileSync(join(main, "a.txt"), "a\n");
      git(main, "add", "a.txt");
      git(main, "commit", "-qm", "a");
      const wt = join(root, "wt");
      git(main, "worktree", "add", "-q", wt);
      writeFileSync(join(wt, "a.txt"), "changed\n");
      for (const mode of ["read-only", "workspace-write"] as const) {
        const out = await run("git status --short && git log --oneline | wc -l", wt, {}, mode);
        expect(out).toMatch(/^Exit code: 0/);
        expect(out).toContain("M a.txt");
      }
      // bound read-only: the shared repository's config cannot be changed from the worktree
      const write = await run(`echo x >> ${join(main, ".git", "config")}`, wt);
      expect(write).toContain("Read-only file system");
    } finally {
      rmSync(main, { recursive: true, force: true });
    }
  });
});

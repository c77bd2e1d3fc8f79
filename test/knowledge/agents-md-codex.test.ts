import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/index.js";
import { codexBinary, runCodexExec } from "../demo/codex-cli.js";
import { cleanEnv, runCli } from "../e2e/helpers.js";

/**
 * The same tree read by the real Codex CLI (0.171, the @openai/codex devDependency) and by
 * mini-codex: a global AGENTS.md in the Codex home, a root AGENTS.md, an AGENTS.override.md
 * beside a shadowed AGENTS.md, an empty file, and an oversized file cut mid-character. The
 * AGENTS.md message of each first request must be the same text.
 */
const binary = codexBinary();
if ("skip" in binary) console.warn(`Codex CLI comparison skipped: ${binary.skip}`);
const describeCodex = "path" in binary ? describe : describe.skip;

let root: string;
let server: DemoServer;
let deep: string;
let codexHome: string;
beforeAll(async () => {
  server = await startDemoServer();
  root = mkdtempSync(join(tmpdir(), "mini-codex-agents-md-"));
  codexHome = join(root, "codex-home");
  const repo = join(root, "repo");
  deep = join(repo, "pkg", "deep");
  mkdirSync(codexHome);
  mkdirSync(join(root, "tmp"));
  mkdirSync(deep, { recursive: true });
  execFileSync("git", ["init", "-q", repo]);
  writeFileSync(join(codexHome, "AGENTS.override.md"), "  \n");
  writeFileSync(join(codexHome, "AGENTS.md"), "\n  Global: answer briefly.  \n\n");
  writeFileSync(join(repo, "AGENTS.md"), "# Root\nRun the tests before committing.\n\n");
  writeFileSync(join(repo, "pkg", "AGENTS.md"), "shadowed: must not be read\n");
  writeFileSync(join(repo, "pkg", "AGENTS.override.md"), "\n\nOverride for pkg  \n");
  // 3 bytes a character: the budget ends inside one
  writeFileSync(join(deep, "AGENTS.md"), `${"€".repeat(40)}\nend\n`);
  writeFileSync(
    join(codexHome, "config.toml"),
    [
      'model = "demo-model"',
      'model_provider = "minidemo"',
      "project_doc_max_bytes = 100",
      "",
      "[model_providers.minidemo]",
      'name = "mini-codex demo"',
      `base_url = "${server.baseUrl}"`,
      'wire_api = "responses"',
      'env_key = "MINI_DEMO_KEY"',
      "supports_websockets = false",
      "request_max_retries = 0",
      "stream_max_retries = 0",
      "",
    ].join("\n"),
  );
});
afterAll(async () => {
  await server?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

type Body = { input?: Array<{ content?: Array<{ text?: string }> }> };

/** The AGENTS.md text part of the first request after `from` (there is exactly one). */
function agentsMdPart(from: number): string {
  const body = server.requests.slice(from).find((r) => (r.body as Body).input)?.body as Body;
  const input = body?.input ?? [];
  const parts = input.flatMap((item) => item.content ?? []).map((part) => part.text ?? "");
  const found = parts.filter((text) => text.startsWith("# AGENTS.md instructions for "));
  expect(found).toHaveLength(1);
  return found[0] as string;
}

describeCodex("AGENTS.md as the Codex CLI 0.171 loads it", () => {
  test("the first request carries the same AGENTS.md text; the cut is announced", async () => {
    const before = server.requests.length;
    const place = { cwd: deep, root, codexHome, tmp: join(root, "tmp"), prompt: "hi" };
    const codex = await runCodexExec("path" in binary ? binary.path : "", place);
    expect(codex.code, codex.stderr).toBe(0);
    const fromCodex = agentsMdPart(before);

    const miniHome = join(root, "mini-home");
    mkdirSync(miniHome, { recursive: true });
    writeFileSync(
      join(miniHome, "config.toml"),
      `codex_home = "${codexHome}"\nproject_doc_max_bytes = 100\n`,
    );
    const middle = server.requests.length;
    const mini = await runCli(
      ["exec", "--skip-git-repo-check", "-c", `openai_base_url=${server.baseUrl}`, "hi"],
      { cwd: deep, env: cleanEnv({ MINI_CODEX_HOME: miniHome, HOME: root }) },
    );
    expect(mini.code, mini.stderr).toBe(0);
    const fromMini = agentsMdPart(middle);

    expect(fromMini).toBe(fromCodex);
    // what both loaded: the global text, the override (not the file it shadows), the cut file
    expect(fromMini).toContain("Global: answer briefly.\n\n--- project-doc ---\n\n# Root");
    expect(fromMini).toContain("Override for pkg");
    expect(fromMini).not.toContain("shadowed");
    expect(fromMini).not.toContain("end\n");
    expect(fromMini).toContain("€\uFFFD\n</INSTRUCTIONS>");
    expect(mini.stderr).toMatch(/deep\/AGENTS\.md cut to \d+ of 125 bytes/);
  }, 180_000);
});

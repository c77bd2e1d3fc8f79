import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CliError } from "../../src/launch/errors.js";
import { knownContextWindow, loadRuntime } from "../../src/launch/runtime.js";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "mini-codex-runtime-"));
  mkdirSync(join(root, "extra"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const env = () => ({ MINI_CODEX_HOME: join(root, "home") });

describe("loadRuntime", () => {
  it("starts the embedded demo provider, resolves directories and reads the base instructions", async () => {
    const warnings: string[] = [];
    const runtime = await loadRuntime({
      flags: {
        // a Codex key is taken without a word; a key nobody knows is named (issue 46)
        config: ["hide_agent_reasoning=true", "hide_agent_reasonin=true"],
        addDir: ["extra"],
        cd: root,
        demo: true,
        effort: "low",
      },
      defaultApprovalPolicy: "never",
      env: env(),
      warn: (message) => warnings.push(message),
    });
    try {
      expect(runtime.home).toBe(join(root, "home"));
      expect(runtime.cwd).toBe(root);
      expect(runtime.workspaceRoots).toEqual([root, join(root, "extra")]);
      expect(runtime.provider.id).toBe("demo");
      expect(runtime.provider.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      const response = await fetch(`${runtime.provider.baseUrl}/responses`, {
        method: "POST",
        body: "{}",
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(runtime.effort).toBe("low");
      expect(runtime.sandbox).toBe("workspace-write");
      expect(runtime.approvalPolicy).toBe("never");
      expect(runtime.instructions).toContain("mini-codex");
      expect(runtime.contextWindow).toBe(272_000);
      expect(warnings).toEqual([
        "unknown config key `hide_agent_reasonin` given with -c (ignored)",
      ]);
    } finally {
      await runtime.close();
    }
  });

  it("reasoning models get medium effort and auto summaries unless configured; others none", async () => {
    const load = async (config: string[]) => {
      const runtime = await loadRuntime({
        flags: { config, addDir: [], cd: root, demo: true },
        defaultApprovalPolicy: "never",
        env: env(),
        warn: () => {},
      });
      await runtime.close();
      return [runtime.effort, runtime.reasoningSummary];
    };
    expect(await load([])).toEqual(["medium", "auto"]);
    expect(await load(['model_reasoning_effort="high"'])).toEqual(["high", "auto"]);
    expect(await load(['model="gpt-4.1"'])).toEqual([undefined, undefined]);
  });

  it("effort lanes default to auto with 4 lanes; ws_lanes and ws_max_lanes reach the provider", async () => {
    const warnings: string[] = [];
    const load = async (config: string[]) => {
      const runtime = await loadRuntime({
        flags: { config, addDir: [], cd: root, demo: true },
        defaultApprovalPolicy: "never",
        env: env(),
        warn: (message) => warnings.push(message),
      });
      await runtime.close();
      return [runtime.provider.wsLanes, runtime.provider.wsMaxLanes];
    };
    expect(await load([])).toEqual(["auto", 4]);
    expect(await load(['ws_lanes="stream_id"', "ws_max_lanes=2"])).toEqual(["stream_id", 2]);
    expect(await load(['ws_lanes="off"'])).toEqual(["off", 4]);
    expect(warnings).toEqual([]);
    await expect(load(['ws_lanes="sometimes"'])).rejects.toThrow(/ws_lanes/);
  });

  it("config file settings apply, and a missing --cd directory fails with exit 1", async () => {
    mkdirSync(join(root, "home"));
    writeFileSync(
      join(root, "home", "config.toml"),
      'model = "custom-model"\nmodel_context_window = 5000\napproval_policy = "untrusted"\nsandbox_mode = "read-only"\napply_patch_tool_type = "function"\nopenai_base_url = "http://127.0.0.1:9/v1"\n',
    );
    const runtime = await loadRuntime({
      flags: { config: [], addDir: [], cd: root },
      defaultApprovalPolicy: "never",
      env: env(),
    });
    expect(runtime).toMatchObject({
      model: "custom-model",
      contextWindow: 5000,
      approvalPolicy: "untrusted",
      sandbox: "read-only",
    });
    expect(runtime.config.tools.applyPatchToolType).toBe("function");
    await expect(
      loadRuntime({
        flags: { config: [], addDir: [], cd: join(root, "nope"), demo: true },
        defaultApprovalPolicy: "never",
        env: env(),
      }),
    ).rejects.toBeInstanceOf(CliError);
  });

  it("knows the context window of public model families only", () => {
    expect(knownContextWindow("gpt-5.1-codex")).toBe(272_000);
    expect(knownContextWindow("my-local-model")).toBeUndefined();
  });
});

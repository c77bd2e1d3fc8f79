import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli, type TempWorld, tempWorld } from "./helpers.js";

let world: TempWorld;
beforeEach(() => {
  world = tempWorld();
  mkdirSync(world.home, { recursive: true });
});
afterEach(() => world.cleanup());

const cli = (args: string[]) => runCli(["mcp", ...args], { env: world.env() });
const configText = () => readFileSync(join(world.home, "config.toml"), "utf8");

describe("mini-codex mcp list|get|add|remove", () => {
  it("add, list, get and remove edit config.toml and keep its comments", async () => {
    writeFileSync(join(world.home, "config.toml"), '# mine\nmodel = "gpt-5.1-codex" # keep\n');
    const added = await cli(["add", "docs", "--env", "TOKEN=secret", "--", "docs-mcp", "--stdio"]);
    expect(added.stderr).toBe("");
    expect(added.code).toBe(0);
    expect(configText()).toContain('# mine\nmodel = "gpt-5.1-codex" # keep\n');
    const http = await cli([
      "add",
      "web",
      "--url",
      "https://mcp.example.test/mcp",
      "--bearer-token-env-var",
      "WEB_TOKEN",
    ]);
    expect(http.code).toBe(0);

    const list = await cli(["list"]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^Name\s+Transport\s+Status\s+Command \/ URL\n/);
    expect(list.stdout).toMatch(/docs\s+stdio\s+enabled\s+docs-mcp --stdio/);
    expect(list.stdout).toMatch(/web\s+http\s+enabled\s+https:\/\/mcp\.example\.test\/mcp/);

    const json = JSON.parse((await cli(["list", "--json"])).stdout) as Array<{ name: string }>;
    expect(json.map((server) => server.name)).toEqual(["docs", "web"]);

    const get = await cli(["get", "docs"]);
    expect(get.stdout).toContain("transport: stdio");
    expect(get.stdout).toContain("env: TOKEN");
    expect(get.stdout).not.toContain("secret"); // env values are not shown

    const removed = await cli(["remove", "docs"]);
    expect(removed.code).toBe(0);
    expect(configText()).not.toContain("docs");
    expect(configText()).toContain("# mine");
    expect(configText()).toContain("[mcp_servers.web]");
  });

  it("bad input gets a clear error and changes nothing", async () => {
    expect((await cli(["add", "bad name", "--", "x"])).stderr).toContain(
      "invalid server name bad name",
    );
    expect((await cli(["add", "docs"])).code).toBe(2);
    const missing = await cli(["remove", "nope"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("no MCP server named nope");
    expect((await cli(["get", "nope"])).code).toBe(1);
    expect(existsSync(join(world.home, "config.toml"))).toBe(false);
  });
});

import { parse } from "smol-toml";
import { describe, expect, test } from "vitest";
import { removeMcpServer, tableHeaderPath, upsertMcpServer } from "../../src/mcp/config-file.js";

const CONFIG = `# my settings
model = "gpt-5.1-codex" # the default

[mcp_servers.docs]
command = "npx"
args = ["-y", "docs-server"]

[mcp_servers.docs.env]
TOKEN_FILE = "/tmp/t"

# the provider I use at work
[model_providers.work]
base_url = "https://example.test/v1"
`;

describe("editing config.toml like codex mcp", () => {
  test("remove drops the table and its sub-tables, keeps comments and other keys", () => {
    const { text, removed } = removeMcpServer(CONFIG, "docs");
    expect(removed).toBe(true);
    expect(text).toBe(`# my settings
model = "gpt-5.1-codex" # the default

# the provider I use at work
[model_providers.work]
base_url = "https://example.test/v1"
`);
  });

  test("remove of a server that is not there changes nothing", () => {
    expect(removeMcpServer(CONFIG, "other")).toEqual({ text: CONFIG, removed: false });
  });

  test("add appends a table; adding the same name again replaces it", () => {
    const added = upsertMcpServer(CONFIG, "fs", { command: "mcp-fs", args: ["/tmp"] });
    expect(added.startsWith(CONFIG.trimEnd())).toBe(true);
    expect(parse(added)).toMatchObject({
      model: "gpt-5.1-codex",
      mcp_servers: { docs: { command: "npx" }, fs: { command: "mcp-fs", args: ["/tmp"] } },
    });
    const replaced = upsertMcpServer(added, "docs", { url: "https://docs.test/mcp" });
    const table = parse(replaced) as { mcp_servers: Record<string, unknown> };
    expect(table.mcp_servers.docs).toEqual({ url: "https://docs.test/mcp" });
    expect(replaced).toContain("# the provider I use at work");
  });

  test("a server written inline is refused rather than rewritten", () => {
    const inline = 'mcp_servers = { docs = { command = "npx" } }\n';
    expect(() => removeMcpServer(inline, "docs")).toThrow(/edit config.toml by hand/);
  });

  test("header paths with quotes and spaces", () => {
    expect(tableHeaderPath('[ mcp_servers . "my-docs" ]  # note')).toEqual([
      "mcp_servers",
      "my-docs",
    ]);
    expect(tableHeaderPath('args = ["a"]')).toBeUndefined();
  });
});

import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { topLevelOf, withTopLevelKey } from "../../src/launch/config/toml-top-level.js";

// Follow-up of issue 37: `codex_home` (recordTopLevelKey) went into a multi-line array's
// middle, taken for the start of a table. Real config.toml shapes: the key lands at the top
// level, the file stays valid TOML and keeps every other byte.
const LINE = 'codex_home = "~/.codex"';

const shapes: Record<string, string> = {
  "notify as a multi-line array": `model = "gpt-5"\nnotify = [\n  "notify-send",\n  "Codex",\n]\n\n[projects."/x"]\ntrust_level = "trusted"\n`,
  "an array of arrays, a line starting with [": `matrix = [\n[1, 2],\n  [3, 4],\n]\n[tui]\nanimations = false\n`,
  "a multi-line string holding [table] lines": `instructions = """\n[not a table]\n  [[nor this]]\n"""\nmodel = "o3"\n\n[mcp_servers.docs]\ncommand = "npx"\n`,
  "a literal multi-line string": `developer_instructions = '''\nsee [x]\n'''\n[profiles.fast]\nmodel = "gpt-5-mini"\n`,
  "an inline table with brackets in it": `env = { A = "1", B = "[x]" }\n[shell_environment_policy]\ninherit = "core"\n`,
  "only comments, then a table": `# my config\n\n# Folders I trust\n[projects."/x"]\ntrust_level = "trusted"\n`,
  "a comment heading the first table": `model = "gpt-5" # [not a table]\n\n# Folders I trust\n[projects."/x"]\ntrust_level = "trusted"\n`,
  "strings with brackets and quotes": `notify = ["say", "[done] \\"ok\\"", '[lit]']\nx = "a # b ["\n[[hooks.PreToolUse]]\nmatcher = "Bash"\n`,
  "no table at all, no final newline": `model = "gpt-5"\nnotify = [\n  "a",\n]`,
  "an array of tables first": `[[skills.config]]\npath = "/s"\n`,
  empty: "",
};

describe("withTopLevelKey over real config shapes", () => {
  it.each(Object.entries(shapes))("%s", (_name, text) => {
    const out = withTopLevelKey(text, "codex_home", LINE);
    const parsed = parse(out);
    expect(parsed.codex_home).toBe("~/.codex");
    // everything else parses as before: the same keys, tables and values
    const { codex_home: _added, ...rest } = parsed;
    expect(rest).toEqual(parse(text));
    // every other byte kept: taking the inserted line out gives the text back
    const taken = [`${LINE}\n\n`, `\n${LINE}\n`, `${LINE}\n`].map((ins) => out.replace(ins, ""));
    expect(taken).toContain(text);
  });

  it("lands after the multi-line array, not inside it", () => {
    const out = withTopLevelKey(
      shapes["notify as a multi-line array"] as string,
      "codex_home",
      LINE,
    );
    expect(out).toBe(
      `model = "gpt-5"\nnotify = [\n  "notify-send",\n  "Codex",\n]\n${LINE}\n\n[projects."/x"]\ntrust_level = "trusted"\n`,
    );
  });

  it("follows the last top-level key, before the comments heading the first table", () => {
    const out = withTopLevelKey(
      shapes["a comment heading the first table"] as string,
      "codex_home",
      LINE,
    );
    expect(out).toBe(
      `model = "gpt-5" # [not a table]\n${LINE}\n\n# Folders I trust\n[projects."/x"]\ntrust_level = "trusted"\n`,
    );
    const comments = withTopLevelKey(
      shapes["only comments, then a table"] as string,
      "codex_home",
      LINE,
    );
    expect(comments).toBe(
      `# my config\n\n${LINE}\n\n# Folders I trust\n[projects."/x"]\ntrust_level = "trusted"\n`,
    );
  });

  it("replaces the key where it is, a multi-line value whole, and nothing else", () => {
    const text = `model = "o3"\n"codex_home" = [\n  "wrong type",\n]\nnotify = ["a"]\n[tui]\n`;
    const out = withTopLevelKey(text, "codex_home", LINE);
    expect(out).toBe(`model = "o3"\n${LINE}\nnotify = ["a"]\n[tui]\n`);
    expect(withTopLevelKey(out, "codex_home", 'codex_home = "/elsewhere"')).toBe(
      `model = "o3"\ncodex_home = "/elsewhere"\nnotify = ["a"]\n[tui]\n`,
    );
    // a codex_home inside a table is that table's, not the top level's
    const inTable = `[profiles.x]\ncodex_home = "/p"\n`;
    expect(parse(withTopLevelKey(inTable, "codex_home", LINE))).toEqual({
      codex_home: "~/.codex",
      profiles: { x: { codex_home: "/p" } },
    });
  });

  it("topLevelOf: the statements and where the first table starts", () => {
    const text = shapes["an array of arrays, a line starting with ["] as string;
    const top = topLevelOf(text);
    expect(top.statements.map((s) => s.key)).toEqual(["matrix"]);
    expect(text.slice(top.end)).toBe("[tui]\nanimations = false\n");
  });
});

// The YAML front matter of a Markdown file (SKILL.md, a prompt file): `key: value` lines
// between two `---` lines. Only flat scalar keys are read (what skills and prompts use);
// nested tables keep their indented keys as `parent.key`.

interface FrontMatter {
  fields: Record<string, string>;
  /** The text after the front matter (the whole text when there is none). */
  body: string;
}

const FENCE = /^---[ \t]*\r?\n/;

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length >= 2) {
    const first = trimmed[0];
    if ((first === '"' || first === "'") && trimmed.endsWith(first)) {
      const inner = trimmed.slice(1, -1);
      return first === '"'
        ? inner.replace(/\\"/g, '"').replace(/\\\\/g, "\\")
        : inner.replace(/''/g, "'");
    }
  }
  return trimmed;
}

function readFields(lines: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  let parent: string | undefined;
  for (const line of lines) {
    const match = /^(\s*)([A-Za-z0-9_-]+)\s*:\s*(.*)$/.exec(line);
    if (!match) continue;
    const [, indent = "", key = "", value = ""] = match;
    if (indent === "") {
      parent = value.trim() === "" ? key : undefined;
      if (value.trim() !== "") fields[key] = unquote(value);
    } else if (parent !== undefined && value.trim() !== "") {
      fields[`${parent}.${key}`] = unquote(value);
    }
  }
  return fields;
}

/** Split a Markdown text into its front matter fields and its body. */
export function parseFrontMatter(text: string): FrontMatter {
  const open = FENCE.exec(text);
  if (!open) return { fields: {}, body: text };
  const rest = text.slice(open[0].length);
  const close = /^---[ \t]*(\r?\n|$)/m.exec(rest);
  if (!close) return { fields: {}, body: text };
  const fields = readFields(rest.slice(0, close.index).split(/\r?\n/));
  return { fields, body: rest.slice(close.index + close[0].length) };
}

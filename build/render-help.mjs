// Renders `mini-codex --help` from tsc's output into dist/help.json for bin/prerendered-help.js:
// the text commander prints off a terminal, the terminal widths it prints that same text at,
// and the compiled files the program definition is made of (the launcher uses the text only
// while none of them is newer than it).
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const entry = join(dist, "cli", "main.js");
/** Terminal widths looked at; wider ones are left to commander. */
const WIDEST = 400;

/** The compiled files `file` imports statically, itself included (tsc keeps each `from "./x.js"`). */
function staticGraph(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, "utf8");
  const specifiers = /^(?:(?:import|export)\b[^;]*?\bfrom\s+|import\s+)"(\.{1,2}\/[^"]+)"/gms;
  for (const [, specifier] of source.matchAll(specifiers)) {
    staticGraph(join(dirname(file), specifier), seen);
  }
  return seen;
}

/** [first, last] runs of the widths at which commander prints `text`. */
function widthsPrinting(text, helpText) {
  const runs = [];
  for (let width = 1; width <= WIDEST; width++) {
    if (helpText(width) !== text) continue;
    const last = runs.at(-1);
    if (last && last[1] === width - 1) last[1] = width;
    else runs.push([width, width]);
  }
  return runs;
}

const { helpText, DEFAULT_HELP_WIDTH } = await import(entry);
const text = helpText(DEFAULT_HELP_WIDTH);
const inputs = [...staticGraph(entry)].map((file) => relative(dist, file).split("\\").join("/"));
writeFileSync(
  join(dist, "help.json"),
  `${JSON.stringify({ text, widths: widthsPrinting(text, helpText), inputs })}\n`,
);

const { existsSync, readFileSync, statSync } = require("node:fs");
const { pathToFileURL } = require("node:url");

const HELP_ARGS = new Set(["--help", "-h"]);

/**
 * `--help` or `-h` alone, answered from the text build/render-help.mjs stored in dist/help.json
 * — only where commander would print exactly that: at a width it prints that text at (commander
 * wraps at the terminal's width, 80 off a terminal) and while no compiled file of the program
 * definition is newer than it (`tsc --watch`) or gone (an installed package has none of them at
 * all: its help is the build's). Otherwise undefined, and commander answers.
 */
function prerenderedHelp(
  args,
  stdout = process.stdout,
  dist = pathToFileURL(`${__dirname}/../dist/`),
) {
  if (args.length !== 1 || !HELP_ARGS.has(args[0])) return undefined;
  const width = (stdout.isTTY ? stdout.columns : undefined) ?? 80;
  const file = new URL("help.json", dist);
  try {
    const rendered = JSON.parse(readFileSync(file, "utf8"));
    if (!rendered.widths.some(([first, last]) => first <= width && width <= last)) return undefined;
    const written = statSync(file).mtimeMs;
    for (const input of rendered.inputs) {
      const stat = statSync(new URL(input, dist), { throwIfNoEntry: false });
      // a file gone: commander's, unless tsc's output is gone whole (the npm package ships none)
      if (stat ? stat.mtimeMs > written : !packaged(dist)) return undefined;
    }
    return typeof rendered.text === "string" ? rendered.text : undefined;
  } catch {
    return undefined;
  }
}

/** An installed package: the build's bundles and help without tsc's output (package.json "files"). */
const packaged = (dist) => !existsSync(new URL("cli/main.js", dist));

exports.prerenderedHelp = prerenderedHelp;

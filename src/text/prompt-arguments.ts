// A prompt file's placeholders filled from the words after its command: `$1`…`$9` one word
// each (quotes group words), `$ARGUMENTS` all of them, `$$` a dollar sign.

/** The words of an argument text; "double" or 'single' quotes keep spaces inside one word. */
function splitArguments(args: string): string[] {
  const words: string[] = [];
  for (const match of args.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) {
    words.push(match[1] ?? match[2] ?? match[3] ?? "");
  }
  return words;
}

/** The body with its placeholders replaced; a placeholder with no word becomes empty. */
export function fillPromptArguments(body: string, args: string): string {
  const words = splitArguments(args);
  return body.replace(/\$(\$|ARGUMENTS|[1-9])/g, (_, key: string) => {
    if (key === "$") return "$";
    if (key === "ARGUMENTS") return words.join(" ");
    return words[Number(key) - 1] ?? "";
  });
}

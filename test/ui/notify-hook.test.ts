import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { runNotifyHook } from "../../src/ui/notifications.js";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function until(predicate: () => boolean): Promise<void> {
  while (!predicate()) await new Promise((resolve) => setTimeout(resolve, 20));
}

it("the notify program gets the event but never the API key", async () => {
  dir = mkdtempSync(join(tmpdir(), "mini-codex-notify-"));
  const out = join(dir, "seen.json");
  const script = `require("node:fs").writeFileSync(${JSON.stringify(out)}, JSON.stringify({ event: process.argv[1], key: process.env.OPENAI_API_KEY ?? null, codex: process.env.CODEX_API_KEY ?? null, path: Boolean(process.env.PATH) }))`;
  const saved = { openai: process.env.OPENAI_API_KEY, codex: process.env.CODEX_API_KEY };
  process.env.OPENAI_API_KEY = "sk-notify-test";
  process.env.CODEX_API_KEY = "sk-notify-test-2";
  try {
    runNotifyHook([process.execPath, "-e", script], { type: "agent-turn-complete" });
  } finally {
    for (const [name, value] of [
      ["OPENAI_API_KEY", saved.openai],
      ["CODEX_API_KEY", saved.codex],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  await until(() => existsSync(out) && readFileSync(out, "utf8").length > 0);
  const seen = JSON.parse(readFileSync(out, "utf8"));
  expect(JSON.parse(seen.event)).toEqual({ type: "agent-turn-complete" });
  expect(seen).toMatchObject({ key: null, codex: null, path: true });
});

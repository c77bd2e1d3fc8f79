import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { demoSuite, jsonLines, runCli } from "../e2e/helpers.js";

const suite = demoSuite();

/** The layout of the Codex documentation's example skill: SKILL.md, scripts/, references/, assets/. */
function plantSkill(root: string): string {
  const folder = join(root, ".agents", "skills", "release-notes");
  for (const sub of ["scripts", "references", "assets"])
    mkdirSync(join(folder, sub), { recursive: true });
  writeFileSync(
    join(folder, "SKILL.md"),
    [
      "---",
      "name: release-notes",
      "description: Draft release notes from the commits since the last tag.",
      "---",
      "",
      "Group the changes under Added, Changed and Fixed, newest first.",
      "Run scripts/commits.sh to list the commits.",
      "",
    ].join("\n"),
  );
  writeFileSync(join(folder, "scripts", "commits.sh"), "#!/bin/sh\ngit log --oneline\n");
  writeFileSync(join(folder, "references", "style.md"), "Keep a Changelog.\n");
  writeFileSync(join(folder, "assets", "template.md"), "## [Unreleased]\n");
  return join(folder, "SKILL.md");
}

const BODY_LINE = "Group the changes under Added, Changed and Fixed";

type Body = {
  input?: Array<{ role?: string; output?: unknown; content?: Array<{ text?: string }> }>;
};
const texts = (body: unknown) =>
  ((body as Body).input ?? []).map((item) => JSON.stringify(item.content ?? item.output ?? ""));

async function exec(prompt: string) {
  const from = suite.server.requests.length;
  const run = await runCli(["exec", "--json", ...suite.against(), prompt], {
    env: suite.world.env(),
  });
  expect(run.code, run.stderr).toBe(0);
  const requests = suite.server.requests.slice(from).filter((r) => (r.body as Body).input);
  const message = jsonLines(run.stdout)
    .filter((e) => e.type === "item.completed")
    .map((e) => e.item as { type: string; text?: string })
    .findLast((item) => item.type === "agent_message")?.text;
  return { requests, message };
}

describe("skills", () => {
  it("the list names the skill; its body enters the requests only when the model reads it", async () => {
    const path = plantSkill(suite.world.repo);
    const plain = await exec("hello");
    const first = texts(plain.requests[0]?.body).join("\n");
    expect(first).toContain(
      `- release-notes: Draft release notes from the commits since the last tag. (file: ${path})`,
    );
    expect(plain.requests.flatMap((r) => texts(r.body)).join("\n")).not.toContain(BODY_LINE);

    const used = await exec("use skill release-notes");
    expect(used.message).toBe(`Using the release-notes skill: ${BODY_LINE}, newest first.`);
    expect(texts(used.requests[0]?.body).join("\n")).not.toContain(BODY_LINE);
    // the model read it with the shell tool: the body came back as that call's output
    expect(texts(used.requests.at(-1)?.body).join("\n")).toContain(BODY_LINE);
  }, 60_000);

  it("$name in a message gives the model the skill's body right after that message", async () => {
    const path = plantSkill(suite.world.repo);
    const named = await exec("$release-notes for v2");
    expect(named.message).toBe(`Using the release-notes skill: ${BODY_LINE}, newest first.`);
    const input = texts(named.requests[0]?.body);
    const at = input.findIndex((text) => text.includes("$release-notes for v2"));
    expect(input[at + 1]).toContain("<skill>");
    expect(input[at + 1]).toContain(path);
    expect(input[at + 1]).toContain(BODY_LINE);
  }, 60_000);
});

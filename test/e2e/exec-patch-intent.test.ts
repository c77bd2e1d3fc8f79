import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { demoSuite, jsonLines, runCli, spawnCli, waitFor } from "./helpers.js";

const suite = demoSuite();

type Item = { type: string; call_id?: string; output?: unknown };

const FILES = 2000;
const name = (i: number) => `many/f${String(i).padStart(4, "0")}.txt`;

/** A patch adding FILES files, then updating notes.txt (written last). */
function largePatch(): string {
  const adds = Array.from({ length: FILES }, (_, i) => `*** Add File: ${name(i)}\n+file ${i}`);
  const update = "*** Update File: notes.txt\n@@\n-one\n+two";
  return ["*** Begin Patch", ...adds, update, "*** End Patch"].join("\n");
}

/** The paths listed under a heading of the resumed output (up to the next heading). */
function listed(output: string, heading: string): string[] {
  const lines = output.split("\n");
  const at = lines.findIndex((line) => line.startsWith(heading));
  if (at < 0) return [];
  const rest = lines.slice(at + 1);
  const end = rest.findIndex((line) => !/^(add|update|delete) /.test(line));
  return end < 0 ? rest : rest.slice(0, end);
}

describe("a patch killed half-way", () => {
  it("SIGKILL while a 2 000-file patch is written: resume tells the model exactly which files were applied", async () => {
    const { repo } = suite.world;
    writeFileSync(join(repo, "notes.txt"), "one\n");
    const run = spawnCli(["exec", "--json", "--full-auto", ...suite.against(), "-"], {
      env: suite.world.env(),
      input: `patch:\n${largePatch()}\n`,
    });
    // some files are written, not all: kill it in the middle — once the first file holds its
    // content (a file exists from its open, before its bytes are written: a kill then left none)
    const first = join(repo, name(0));
    await waitFor(() => existsSync(first) && readFileSync(first, "utf8") === "file 0\n", 60_000);
    run.child.kill("SIGKILL");
    expect((await run.done).signal).toBe("SIGKILL");
    const id = (jsonLines(run.output().stdout)[0] as unknown as { thread_id: string }).thread_id;
    // a file cut mid-write holds neither its patch content nor its absence
    const present = readdirSync(join(repo, "many")).map((file) => `many/${file}`);
    const whole = (path: string) =>
      readFileSync(join(repo, path), "utf8") === `file ${Number(path.slice(6, 10))}\n`;
    const onDisk = new Set(present.filter(whole));
    const torn = present.filter((path) => !whole(path));
    expect(onDisk.size).toBeGreaterThan(0);
    expect(onDisk.size).toBeLessThan(FILES);

    const requestsBefore = suite.server.requests.length;
    const resumed = await runCli(["exec", ...suite.against(), "resume", id, "and now?"], {
      env: suite.world.env(),
    });
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).not.toContain("could not be read");
    expect(resumed.stderr).toContain(
      `a patch was cut short by the end of the run: ${onDisk.size} of ${FILES + 1} files applied`,
    );
    const [request] = suite.server.requests.slice(requestsBefore);
    if (!request) throw new Error("the resumed run sent no request");
    const input = (request.body as { input: Item[] }).input;
    const outputs = input.filter((item) => item.type === "custom_tool_call_output");
    expect(outputs).toHaveLength(1);
    const told = String(outputs[0]?.output);
    expect(told).not.toBe("aborted");
    expect(told).toContain(`${onDisk.size} of ${FILES + 1} files applied`);
    // exactly the files on disk are said to be applied, every other one not applied
    const applied = listed(told, "Applied");
    expect(applied).toEqual([...onDisk].sort().map((path) => `add ${path}`));
    const notApplied = listed(told, "Not applied");
    const missing = Array.from({ length: FILES }, (_, i) => name(i)).filter(
      (path) => !present.includes(path),
    );
    expect(notApplied).toEqual([...missing.map((path) => `add ${path}`), "update notes.txt"]);
    expect(listed(told, "Neither")).toEqual(torn.map((path) => `add ${path}`));
    expect(readFileSync(join(repo, "notes.txt"), "utf8")).toBe("one\n");

    // the told output is saved: a second resume sends the same history, no repair needed
    const again = await runCli(["exec", ...suite.against(), "resume", id, "still there?"], {
      env: suite.world.env(),
    });
    expect(again.code).toBe(0);
    expect(again.stderr).not.toContain("cut short");
    expect(again.stdout).toContain("You said: still there?");
  }, 120_000);
});

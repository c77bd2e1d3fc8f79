import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, savedOutputs, tempWorld } from "./helpers.js";

// Issue 43, hole 2: a confined command keeps flipping `d` between a workspace folder and an
// outside one while the same session writes `d/x<N>.txt` with apply_patch. The check and the
// write were two steps (5–9 of 25 patches landed outside on main); now every component is
// walked by the kernel without following symlinks, so none can.
const PATCHES = 25;

describe("apply_patch beside a command flipping a symlink (real bwrap, built binary)", () => {
  it(`${PATCHES} patches through the flipped folder: none lands outside, each refusal names its path`, async () => {
    const world = tempWorld();
    try {
      const outside = join(world.root, "outside");
      mkdirSync(outside);
      mkdirSync(join(world.repo, "real"));
      // the model's own background terminal (confined by bwrap) flips `d` as `ln -sfn … d.tmp &&
      // mv -Tf d.tmp d` does, every half millisecond, while its patches stream in
      const flip = `perl -e 'while (1) { for my $t ("real", "${outside}") { symlink($t, "d.tmp"); rename("d.tmp", "d"); select(undef, undef, undef, 0.0005) } }'`;
      const writes = Array.from({ length: PATCHES }, (_, i) => `write d/x${i + 1}.txt: hi`);
      const run = await runCli(
        [
          "exec",
          "--demo",
          "-s",
          "workspace-write",
          "-c",
          'shell_tool="exec_command"',
          "-C",
          world.repo,
          [`start: ${flip}`, ...writes].join("\n"),
        ],
        { env: world.env() },
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain("(running in the background as session 1)");
      expect(readdirSync(outside)).toEqual([]);
      const outputs = savedOutputs(world.home, "custom_tool_call_output");
      expect(outputs).toHaveLength(PATCHES);
      const inside = new Set(readdirSync(join(world.repo, "real")));
      outputs.forEach((output, i) => {
        const name = `x${i + 1}.txt`;
        if (output.startsWith("Success.")) expect(inside.has(name), output).toBe(true);
        else {
          expect(output).toContain(
            `path d/${name} goes through a symlink that leaves the workspace: d -> ${outside}`,
          );
          expect(inside.has(name)).toBe(false);
        }
      });
    } finally {
      world.cleanup();
    }
  }, 120_000);
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { demoSuite, jsonLines, runCli } from "./helpers.js";

const suite = demoSuite();

// A real 1×1 PNG (67 bytes).
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

type Part = { type: string; image_url?: string; text?: string };
type Body = { input?: Array<{ role?: string; content?: Part[] }> };

describe("exec -i/--image attaches images to the first message", () => {
  it("sends each image as an input_image part after a text part naming its path, and the demo reply reports its size", async () => {
    mkdirSync(join(suite.world.repo, "shots"), { recursive: true });
    writeFileSync(join(suite.world.repo, "shots", "fixture.png"), PNG);
    const elsewhere = mkdtempSync(join(tmpdir(), "mc-image-"));
    onTestFinished(() => rmSync(elsewhere, { recursive: true, force: true }));
    const outside = join(elsewhere, "elsewhere.png");
    writeFileSync(outside, PNG);
    const run = await runCli(
      ["exec", "--json", ...suite.against(), "-i", "shots/fixture.png", "-i", outside, "describe"],
      { env: suite.world.env() },
    );
    expect(run.stderr).not.toContain("error");
    expect(run.code).toBe(0);
    const body = (suite.server.requests.at(-1)?.body ?? {}) as Body;
    const user = body.input?.filter((item) => item.role === "user").at(-1);
    const url = `data:image/png;base64,${PNG.toString("base64")}`;
    // the model learns which file each image is: workspace-relative, else absolute
    expect(user?.content).toEqual([
      { type: "input_text", text: "describe" },
      { type: "input_text", text: "[image: shots/fixture.png]" },
      { type: "input_image", image_url: url },
      { type: "input_text", text: `[image: ${outside}]` },
      { type: "input_image", image_url: url },
    ]);
    const reply = jsonLines(run.stdout)
      .map((event) => (event.item as { type?: string; text?: string } | undefined) ?? {})
      .find((item) => item.type === "agent_message");
    expect(reply?.text).toContain(`received image: image/png, ${PNG.length} bytes`);
  });

  it("a missing or non-image file is a usage error before anything is sent", async () => {
    writeFileSync(join(suite.world.repo, "notes.txt"), "text");
    const before = suite.server.requests.length;
    const wrongType = await runCli(["exec", ...suite.against(), "-i", "notes.txt", "hi"], {
      env: suite.world.env(),
    });
    expect(wrongType.code).toBe(2);
    expect(wrongType.stderr).toContain("--image notes.txt: not an image type");
    const missing = await runCli(["exec", ...suite.against(), "--image", "gone.png", "hi"], {
      env: suite.world.env(),
    });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--image gone.png: cannot read it (ENOENT)");
    expect(suite.server.requests.length).toBe(before);
  });
});

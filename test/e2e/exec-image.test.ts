import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
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
  it("sends an input_image part (data URL, type from the file) and the demo reply reports its size", async () => {
    writeFileSync(join(suite.world.repo, "fixture.png"), PNG);
    const run = await runCli(
      ["exec", "--json", ...suite.against(), "-i", "fixture.png", "describe"],
      { env: suite.world.env() },
    );
    expect(run.stderr).not.toContain("error");
    expect(run.code).toBe(0);
    const body = (suite.server.requests.at(-1)?.body ?? {}) as Body;
    const user = body.input?.filter((item) => item.role === "user").at(-1);
    const image = user?.content?.find((part) => part.type === "input_image");
    expect(image?.image_url).toBe(`data:image/png;base64,${PNG.toString("base64")}`);
    expect(user?.content?.[0]).toEqual({ type: "input_text", text: "describe" });
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

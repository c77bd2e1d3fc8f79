import { mkdir, symlink, truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createToolRouter, VIEW_IMAGE_MAX_BYTES, viewImageTool } from "../../src/tools/index.js";
import { callTool, execute, makeContext, type TempWorkspace, tempWorkspace } from "./helpers.js";
import { PNG } from "./images.js";

// The first bytes of a JPEG and a GIF.
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const GIF = Buffer.from("GIF89a\x01\x00\x01\x00", "latin1");

const call = (args: unknown) => ({
  type: "function_call" as const,
  name: "view_image",
  call_id: "call_1",
  arguments: JSON.stringify(args),
});

describe("view_image", () => {
  let ws: TempWorkspace;
  beforeEach(async () => {
    ws = await tempWorkspace();
  });
  afterEach(async () => {
    await ws.cleanup();
  });

  const view = (args: unknown, overrides: Parameters<typeof makeContext>[1] = {}) => {
    const ctx = makeContext(ws.ws, overrides);
    const output = execute(createToolRouter({ sandbox: { home: ws.ws } }), call(args), ctx);
    return output.then((out) => ({ out, events: ctx.events }));
  };

  it("answers with the file as an input_image data URL, its type from its bytes", async () => {
    await mkdir(join(ws.ws, "shots"));
    await writeFile(join(ws.ws, "shots", "a.png"), PNG);
    // the extension does not decide: a JPEG named .png is sent as image/jpeg
    await writeFile(join(ws.ws, "photo.png"), JPEG);
    await writeFile(join(ws.ws, "anim"), GIF);

    const png = await view({ path: "shots/a.png" });
    expect(png.out).toEqual([
      { type: "input_image", image_url: `data:image/png;base64,${PNG.toString("base64")}` },
    ]);
    expect(png.events).toEqual([
      {
        type: "image_viewed",
        callId: "call_1",
        path: "shots/a.png",
        image: { mediaType: "image/png", bytes: PNG.length },
      },
    ]);
    const jpeg = await view({ path: join(ws.ws, "photo.png") });
    expect(jpeg.out).toEqual([
      { type: "input_image", image_url: `data:image/jpeg;base64,${JPEG.toString("base64")}` },
    ]);
    expect((await view({ path: "anim" })).out).toEqual([
      { type: "input_image", image_url: `data:image/gif;base64,${GIF.toString("base64")}` },
    ]);
  });

  it("refuses paths outside the workspace: absolute, ../ and through a symlink", async () => {
    await writeFile(join(ws.root, "outside.png"), PNG);
    await symlink(join(ws.root, "outside.png"), join(ws.ws, "link.png"));
    const absolute = await view({ path: join(ws.root, "outside.png") });
    expect(absolute.out).toBe(
      `view_image: path ${join(ws.root, "outside.png")} is outside the workspace (workspace roots: ${ws.ws})`,
    );
    expect(absolute.events).toEqual([
      {
        type: "image_viewed",
        callId: "call_1",
        path: join(ws.root, "outside.png"),
        error: absolute.out,
      },
    ]);
    expect((await view({ path: "../outside.png" })).out).toContain("escapes the workspace");
    expect((await view({ path: "link.png" })).out).toBe(
      "view_image: path link.png goes through a symlink that leaves the workspace",
    );
    // --add-dir makes a second root readable
    const added = await view(
      { path: join(ws.root, "outside.png") },
      { workspaceRoots: [ws.ws, ws.root] },
    );
    expect(Array.isArray(added.out)).toBe(true);
  });

  it("refuses what the sandbox hides from commands (credentials under $HOME) unless danger-full-access", async () => {
    await mkdir(join(ws.ws, ".ssh"));
    await writeFile(join(ws.ws, ".ssh", "key.png"), PNG);
    const hidden = await view({ path: ".ssh/key.png" });
    expect(hidden.out).toBe(
      `view_image: path .ssh/key.png is in ${join(ws.ws, ".ssh")}, which the sandbox hides`,
    );
    const full = await view({ path: ".ssh/key.png" }, { sandbox: "danger-full-access" });
    expect(Array.isArray(full.out)).toBe(true);
  });

  it("a missing file, a folder and a file that is not an image are errors the model reads", async () => {
    await writeFile(join(ws.ws, "notes.png"), "just text, named like an image");
    await mkdir(join(ws.ws, "dir"));
    expect((await view({ path: "gone.png" })).out).toBe("view_image: gone.png: no such file");
    expect((await view({ path: "dir" })).out).toBe("view_image: dir is not a file");
    expect((await view({ path: "notes.png" })).out).toBe(
      "view_image: notes.png is not an image the model can view (PNG, JPEG, GIF or WebP)",
    );
    expect((await view({})).out).toMatch(/^invalid arguments for view_image: path: /);
    expect((await view({ path: "" })).out).toBe("view_image: empty path");
  });

  it("a file over the limit is refused before it is read (5 MB by default)", async () => {
    const big = join(ws.ws, "big.png");
    await writeFile(big, PNG);
    await truncate(big, VIEW_IMAGE_MAX_BYTES + 1); // sparse: no 5 MB written
    const refused = await view({ path: "big.png" });
    expect(refused.out).toBe(
      `view_image: big.png is ${VIEW_IMAGE_MAX_BYTES + 1} bytes; images up to 5 MB can be viewed`,
    );
    // exactly at a (smaller) limit is fine; one byte more is not
    const tool = viewImageTool({ maxBytes: PNG.length });
    const ctx = makeContext(ws.ws);
    await writeFile(join(ws.ws, "ok.png"), PNG);
    expect(Array.isArray(await callTool(tool, '{"path":"ok.png"}', ctx))).toBe(true);
    await writeFile(join(ws.ws, "ok.png"), Buffer.concat([PNG, Buffer.from([0])]));
    expect(await callTool(tool, '{"path":"ok.png"}', ctx)).toContain(
      `is ${PNG.length + 1} bytes; images up to ${PNG.length} bytes can be viewed`,
    );
  });
});

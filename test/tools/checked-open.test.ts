import { closeSync, fstatSync, statSync } from "node:fs";
import { mkdir, realpath, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openCheckedFile, readCheckedImageFile } from "../../src/tools/image-file.js";
import { resolveReadablePath } from "../../src/tools/workspace.js";
import { makeContext, type TempWorkspace, tempWorkspace } from "./helpers.js";
import { PNG, PNG_DATA_URL } from "./images.js";

// view_image opens the real location it checked, and only the file it checked: a symlink
// swapped in between (a parallel shell_command) must not make it read another file.
describe("view_image reads the file it checked", () => {
  let ws: TempWorkspace;
  beforeEach(async () => {
    ws = await tempWorkspace();
  });
  afterEach(async () => {
    await ws.cleanup();
  });

  it("resolveReadablePath returns the checked real location, not the path as written", async () => {
    await mkdir(join(ws.ws, "shots"));
    await writeFile(join(ws.ws, "shots", "a.png"), PNG);
    await symlink("shots", join(ws.ws, "latest"));
    const real = await resolveReadablePath("latest/a.png", makeContext(ws.ws), []);
    expect(real).toBe(join(await realpath(ws.ws), "shots", "a.png"));
  });

  it("a checked real path that is a symlink by the time it is opened is refused (O_NOFOLLOW)", async () => {
    await writeFile(join(ws.root, "secret.png"), PNG);
    const swapped = join(ws.ws, "a.png");
    await symlink(join(ws.root, "secret.png"), swapped);
    const checked = statSync(swapped);
    expect(openCheckedFile(swapped, checked)).toEqual({
      ok: false,
      reason: "unreadable",
      code: "ELOOP",
    });
    expect(readCheckedImageFile(swapped, checked)).toMatchObject({ ok: false, code: "ELOOP" });
  });

  it("a folder on the checked path swapped for a symlink is refused, even to the same file", async () => {
    await mkdir(join(ws.ws, "shots"));
    await writeFile(join(ws.ws, "shots", "a.png"), PNG);
    await symlink("shots", join(ws.ws, "latest"));
    // the checked real path named latest/…, which is now a symlink: open(2) follows it
    const throughLink = join(await realpath(ws.ws), "latest", "a.png");
    expect(openCheckedFile(throughLink, statSync(throughLink))).toEqual({
      ok: false,
      reason: "changed",
    });
  });

  it("a file whose dev/ino differ from the checked stat is refused, and the same file is read", async () => {
    const checkedFile = join(ws.ws, "a.png");
    const other = join(ws.ws, "b.png");
    await writeFile(checkedFile, PNG);
    await writeFile(other, PNG);
    expect(openCheckedFile(other, statSync(checkedFile))).toEqual({ ok: false, reason: "changed" });
    expect(readCheckedImageFile(other, statSync(checkedFile))).toEqual({
      ok: false,
      reason: "changed",
    });
    const opened = openCheckedFile(checkedFile, statSync(checkedFile));
    if (!opened.ok) throw new Error(`not opened: ${opened.reason}`);
    expect(fstatSync(opened.fd).ino).toBe(statSync(checkedFile).ino);
    closeSync(opened.fd);
    expect(readCheckedImageFile(checkedFile, statSync(checkedFile))).toMatchObject({
      ok: true,
      dataUrl: PNG_DATA_URL,
    });
  });
});

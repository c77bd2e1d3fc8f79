import { describe, expect, it } from "vitest";
import { developerMessage, messageText, userMessage } from "../../src/protocol/items.js";
import { buildInitialContext } from "../../src/session/environment.js";
import { permissionsMessage, permissionsUpdate } from "../../src/session/permissions-context.js";

const context = (sandbox: "read-only" | "workspace-write") =>
  buildInitialContext({
    cwd: "/work",
    shell: "bash",
    sandbox,
    approvalPolicy: "on-request",
    now: new Date("2026-01-02T03:04:05Z"),
    timezone: "UTC",
  });
const readOnly = permissionsMessage({ sandbox: "read-only", approvalPolicy: "on-request" });

describe("the permissions update (issue 37, item 4)", () => {
  it("the initial context opens with the same message the update sends", () => {
    expect(context("read-only")[0]).toEqual(readOnly);
    expect(messageText(readOnly)).toContain("sandbox_mode: read-only\n");
  });

  it("is the current message when the history last said other permissions, else nothing", () => {
    const history = [...context("workspace-write"), userMessage("hi")];
    expect(permissionsUpdate(history, readOnly)).toEqual([readOnly]);
    // the update already in history: nothing more
    expect(permissionsUpdate([...history, readOnly, userMessage("two")], readOnly)).toEqual([]);
    // the latest statement counts, not the first: back to workspace-write after a read-only run
    const writable = context("workspace-write")[0];
    expect(permissionsUpdate([...history, readOnly], writable)).toEqual([writable]);
    expect(permissionsUpdate([...context("read-only"), userMessage("hi")], readOnly)).toEqual([]);
  });

  it("who can approve is part of it: exec resuming a TUI session says nobody can", () => {
    const tui = permissionsMessage({ sandbox: "workspace-write", approvalPolicy: "on-request" });
    const exec = permissionsMessage({
      sandbox: "workspace-write",
      approvalPolicy: "on-request",
      canAsk: false,
    });
    expect(permissionsUpdate([tui], exec)).toEqual([exec]);
    expect(messageText(exec)).toContain("Nobody can approve anything");
  });

  it("other developer messages are not permissions; a history without any gets nothing", () => {
    const note = developerMessage("<settings_changed>model: m</settings_changed>");
    expect(permissionsUpdate([...context("read-only"), note], readOnly)).toEqual([]);
    expect(permissionsUpdate([userMessage("hi")], readOnly)).toEqual([]);
    expect(permissionsUpdate(context("workspace-write"), undefined)).toEqual([]);
  });
});

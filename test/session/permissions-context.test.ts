import { describe, expect, it } from "vitest";
import { developerMessage, messageText, userMessage } from "../../src/protocol/items.js";
import { buildInitialContext } from "../../src/session/context/environment.js";
import {
  permissionsMessage,
  permissionsUpdate,
} from "../../src/session/context/permissions-context.js";

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

  it("on macOS names Seatbelt and its writable temp folder ($TMPDIR, not /tmp); Linux's text stays", () => {
    const told = (engine?: "bwrap" | "seatbelt") =>
      messageText(
        permissionsMessage({ sandbox: "workspace-write", approvalPolicy: "on-request", engine }),
      ) ?? "";
    expect(told("seatbelt")).toContain("Seatbelt sandbox");
    expect(told("seatbelt")).toContain("a private temp folder ($TMPDIR; /tmp itself is read-only)");
    expect(told("seatbelt")).not.toContain("bubblewrap");
    expect(told("seatbelt")).not.toContain("a private /tmp");
    const readOnlyMac = messageText(
      permissionsMessage({ sandbox: "read-only", approvalPolicy: "never", engine: "seatbelt" }),
    );
    expect(readOnlyMac).toContain(
      "only a private temp folder ($TMPDIR; /tmp itself is read-only) is writable",
    );
    // the Linux text a saved session was told is unchanged (a resume sends no update for it)
    expect(told("bwrap")).toBe(told());
    expect(told()).toContain(
      "Shell commands run in a bubblewrap sandbox: they may write only inside the workspace roots and a private /tmp;",
    );
  });
});

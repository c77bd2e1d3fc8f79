import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { McpServerConfig } from "../../src/settings/index.js";
import type { ToolEvent } from "../../src/tools/types.js";
import type { CallContext } from "../tools/helpers.js";

const modules = resolve(import.meta.dirname, "../../node_modules/@modelcontextprotocol");
const fixtures = resolve(import.meta.dirname, "../fixtures/mcp");

/** The real servers from npm and the hostile fixtures, as config tables. */
export const servers = {
  everything: (): McpServerConfig => ({
    command: process.execPath,
    args: [join(modules, "server-everything/dist/index.js")],
  }),
  filesystem: (root: string): McpServerConfig => ({
    command: process.execPath,
    args: [join(modules, "server-filesystem/dist/index.js"), root],
  }),
  hostile: (extra: Partial<McpServerConfig> = {}): McpServerConfig => ({
    command: process.execPath,
    args: [join(fixtures, "hostile-server.mjs")],
    ...extra,
  }),
  images: (): McpServerConfig => ({
    command: process.execPath,
    args: [join(fixtures, "images-server.mjs")],
  }),
  neverInitializes: (extra: Partial<McpServerConfig> = {}): McpServerConfig => ({
    command: process.execPath,
    args: [join(fixtures, "never-initializes.mjs")],
    ...extra,
  }),
};

export const EVERYTHING_ENTRY = join(modules, "server-everything/dist/index.js");

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A tool context on a temp dir that records the events a tool emits. */
export function recordingContext(
  callId: string,
  cwd: string,
): { ctx: CallContext; events: ToolEvent[] } {
  const events: ToolEvent[] = [];
  const ctx: CallContext = {
    callId,
    cwd,
    workspaceRoots: [cwd],
    sandbox: "workspace-write",
    signal: new AbortController().signal,
    emit: (event) => events.push(event),
  };
  return { ctx, events };
}

import { spawnSync } from "node:child_process";
import { connect, createServer, type Server, type Socket } from "node:net";
import { join } from "node:path";

const FORWARD = join(import.meta.dirname, "netns-forward.mjs");

/** Whether this machine lets a test make a network namespace (root, or user namespaces). */
export const canUnshareNet = spawnSync("unshare", ["--net", "true"]).status === 0;

/**
 * A network with one destination: each command runs in a network namespace of its own whose
 * only interface is its loopback, where 127.0.0.1:`port` leads through a Unix socket to the
 * same port on this host (the demo server). Anything else — a DNS lookup of chatgpt.com, a
 * connection to any other address — fails at once inside it: a wrong config key fails closed.
 */
export interface LoopbackOnly {
  /** What goes before a command line to run it inside such a namespace. */
  prefix: string[];
  /** The command line that runs `argv` inside such a namespace. */
  wrap(argv: string[]): string[];
  close(): Promise<void>;
}

export async function loopbackOnly(port: number, dir: string): Promise<LoopbackOnly> {
  const socket = join(dir, `demo-${port}.sock`);
  const open = new Set<Socket>();
  const relay: Server = createServer((from) => {
    const to = connect(port, "127.0.0.1");
    for (const end of [from, to]) {
      open.add(end);
      end.on("close", () => open.delete(end));
    }
    from.pipe(to).pipe(from);
    from.on("error", () => to.destroy());
    to.on("error", () => from.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    relay.once("error", reject);
    relay.listen(socket, resolve);
  });
  const prefix = ["unshare", "--net", process.execPath, FORWARD, String(port), socket];
  return {
    prefix,
    wrap: (argv) => [...prefix, ...argv],
    close: () =>
      new Promise<void>((resolve) => {
        relay.close(() => resolve());
        for (const end of open) end.destroy();
      }),
  };
}

// Run inside a network namespace of its own (`unshare --net`), for test/backend/loopback-only.ts:
// bring the namespace's loopback up, forward its 127.0.0.1:PORT to the Unix socket SOCKET (the
// only way out: the test's demo server), then run COMMAND and exit with its status.
// Usage: node netns-forward.mjs PORT SOCKET COMMAND [ARGS...]
import { spawn, spawnSync } from "node:child_process";
import { connect, createServer } from "node:net";

const [port, socket, command, ...args] = process.argv.slice(2);
const up = spawnSync("ip", ["link", "set", "lo", "up"], { stdio: "inherit" });
if (up.status !== 0) process.exit(125);
const forward = createServer((inside) => {
  const outside = connect(socket);
  inside.pipe(outside).pipe(inside);
  inside.on("error", () => outside.destroy());
  outside.on("error", () => inside.destroy());
});
forward.listen(Number(port), "127.0.0.1", () => {
  const child = spawn(command, args, { stdio: "inherit" });
  child.on("error", () => process.exit(127));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
});

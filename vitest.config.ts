import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: "forks",
    // Most files wait on processes, sockets and terminals rather than compute: two at a time
    // even on a two-core machine (vitest's default there is one, which made CI serial).
    maxWorkers: 2,
    // With two files at once, a test that races a busy machine (a pty's quick command ending on
    // SIGHUP, a tmux screen read mid-redraw) has failed about once a run: CI retries a failed
    // test once, and the output lists each retry — a real break fails both times.
    retry: process.env.CI ? 1 : 0,
  },
});

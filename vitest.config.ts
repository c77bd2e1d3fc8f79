import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    // A hang guard, not a timing: a test of two or three real exec runs took 18-22 s at a load
    // of 13 on two cores (CI runs two files at a time there), so a minute before calling it hung.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // marks the run's processes and fails the run on any left alive at its end
    globalSetup: ["test/leak-check/global-setup.ts"],
    // Ink for the views' tests, loaded as the TUI loads it (CI or not)
    setupFiles: ["test/setup/ink-as-the-tui-loads-it.ts"],
    // Most files wait on processes, sockets and terminals rather than compute: two at a time
    // even on a two-core machine (vitest's default there is one, which made CI serial).
    maxWorkers: 2,
  },
});

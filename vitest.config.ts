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
  },
});

import { sep } from "node:path";
import { expect } from "vitest";
import { loadInk } from "../../src/ui/ink-modules.js";

// The views' tests (test/ui/, rendered by ink-testing-library) use the Ink the TUI loads: through
// loadInk, in the terminal's mode whatever CI says (a CI job sets CI, and Ink loaded in CI mode
// draws no frame until it exits). Loaded for those files only: each test file runs in a process
// of its own, and loading Ink costs ~0.4 s there.
if (expect.getState().testPath?.includes(`${sep}test${sep}ui${sep}`)) await loadInk();

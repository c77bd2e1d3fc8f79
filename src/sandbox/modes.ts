/** What the agent may write (Codex `sandbox_mode`): the list is src/settings/choices.ts. */
import type { SANDBOX_MODES } from "../settings/index.js";

export type SandboxMode = (typeof SANDBOX_MODES)[number];

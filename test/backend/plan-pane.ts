import { beforeAll } from "vitest";
import { signedInHome } from "../auth/demo-sign-in.js";
import type { Pane } from "../e2e/tmux.js";
import { type TuiWorld, useTuiWorld } from "../e2e/tui-world.js";

/** A TUI world whose home is signed in with ChatGPT at the demo issuer (auth.json). */
export function usePlanTui(): TuiWorld {
  const tui = useTuiWorld();
  beforeAll(async () => {
    await signedInHome(tui.world.home, tui.server.issuer.issuerUrl);
  });
  return tui;
}

/** The TUI on the demo's Codex backend after one message: answered, the plan in the status bar. */
export async function planPaneAnswered(tui: TuiWorld): Promise<Pane> {
  const p = tui.open(["-c", `chatgpt_issuer="${tui.server.issuer.issuerUrl}"`], 120, 40, {
    baseUrl: `${tui.server.backendUrl}codex`,
  });
  await p.until(() => p.screen().includes("Esc interrupts"), "the banner");
  p.type("hello plan");
  await p.until(() => p.screen().includes("You said: hello plan"), "the answer");
  await p.until(() => /5h \d+% · wk \d+%/.test(p.statusBar()), "the plan in the status bar");
  return p;
}

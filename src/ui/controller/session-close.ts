import type { AgentSession } from "../../session/index.js";

/** Quitting never waits on a socket that will not close. */
export const CLOSE_GRACE_MS = 2000;

/** Close `session`, waiting at most `ms` for it. */
export async function closeWithin(session: AgentSession, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  await Promise.race([session.close().catch(() => undefined), grace]);
  clearTimeout(timer);
}

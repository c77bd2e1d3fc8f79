// Start-up work that no first request needs (the catalog refresh, the sandbox probe) waits until
// the process's first request is on the wire: until then it would only delay that request.

let written = false;
const waiting: Array<() => void> = [];

/** A transport wrote a request (its frame or body reached the socket). */
export function requestWritten(): void {
  if (written) return;
  written = true;
  for (const task of waiting.splice(0)) setImmediate(task);
}

/**
 * Runs `task` once the process's first request is written (at once if it already was), or after
 * `latestMs` if none is by then (the timer does not keep the process alive).
 */
export function afterFirstRequestWritten(task: () => void, latestMs = 2000): void {
  let ran = false;
  const once = () => {
    if (ran) return;
    ran = true;
    clearTimeout(timer);
    task();
  };
  const timer = setTimeout(once, latestMs);
  timer.unref();
  if (written) setImmediate(once);
  else waiting.push(once);
}

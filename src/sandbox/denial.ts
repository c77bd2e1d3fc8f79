/** Whether a confined command most likely failed because of the sandbox (pure). */

const WRITE_DENIED = [/read-only file system/i, /operation not permitted/i, /permission denied/i];

const NETWORK_DENIED = [
  /network is unreachable/i,
  /could not resolve host/i,
  /temporary failure in name resolution/i,
  /name or service not known/i,
  // macOS's getaddrinfo when Seatbelt refuses the resolver
  /nodename nor servname provided/i,
  /couldn't connect to server/i,
  /connection refused/i,
  /getaddrinfo (EAI_AGAIN|ENOTFOUND)/i,
  /ENETUNREACH|ECONNREFUSED/,
];

/**
 * A failed command whose output names a denied write (or, with the network unshared, an
 * unreachable network). A guess, like the Codex CLI's: it only decides whether to offer a rerun.
 */
export function looksSandboxDenied(
  exitCode: number | null,
  output: string,
  networkBlocked: boolean,
): boolean {
  if (exitCode === 0 || exitCode === null) return false;
  if (WRITE_DENIED.some((pattern) => pattern.test(output))) return true;
  return networkBlocked && NETWORK_DENIED.some((pattern) => pattern.test(output));
}

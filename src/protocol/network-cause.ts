/** Why a connection failed, in words, for the codes Node's sockets and resolver give. */
const CODE_WORDS: Record<string, string> = {
  ECONNREFUSED: "connection refused: nothing listens there",
  ECONNRESET: "connection reset by the server",
  ENOTFOUND: "the host name does not resolve",
  EAI_AGAIN: "the host name could not be resolved now (DNS)",
  ETIMEDOUT: "the connection timed out",
  EHOSTUNREACH: "the host is unreachable",
  ENETUNREACH: "the network is unreachable",
  EPIPE: "the connection closed while sending",
  CERT_HAS_EXPIRED: "the server's TLS certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the server's TLS certificate is self-signed",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the server's TLS certificate cannot be verified",
  ERR_SSL_WRONG_VERSION_NUMBER:
    "the server does not speak TLS there (http:// instead of https://?)",
};

/** A URL as errors show it: no user name, password, query or fragment (they may hold a key). */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return "(an invalid URL)";
  }
}

type Cause = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/** The innermost error with a code or a message: fetch wraps the socket's error in `cause`. */
function rootCause(error: unknown): Cause | undefined {
  let at = error as Cause | undefined;
  for (let depth = 0; depth < 5 && at && typeof at === "object"; depth++) {
    const inner = (at.cause ?? (Array.isArray(at.errors) ? at.errors[0] : undefined)) as
      | Cause
      | undefined;
    if (!inner || typeof inner !== "object") return at;
    at = inner;
  }
  return at;
}

/** A URL's user name and password cut out of a text (fetch's own messages quote the URL). */
function withoutCredentials(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/gi, "$1");
}

/**
 * What went wrong reaching a server, in words: the code's meaning with the code
 * (`connection refused: nothing listens there (ECONNREFUSED)`), else the innermost message.
 */
export function networkCause(error: unknown): string {
  const root = rootCause(error);
  const code = typeof root?.code === "string" ? root.code : undefined;
  const words = code ? CODE_WORDS[code] : undefined;
  if (code && words) return `${words} (${code})`;
  const message =
    typeof root?.message === "string" && root.message !== ""
      ? withoutCredentials(root.message)
      : undefined;
  if (code) return message && !message.includes(code) ? `${message} (${code})` : (message ?? code);
  return message ?? withoutCredentials(String(error));
}

/** `cannot reach POST http://host/v1/responses: <cause>`, the message of a failed connect. */
export function unreachable(method: string, url: string, error: unknown): string {
  return `cannot reach ${method} ${shownUrl(url)}: ${networkCause(error)}`;
}

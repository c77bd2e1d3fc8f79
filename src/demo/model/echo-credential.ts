import type { DemoToolOffer } from "../request/index.js";
import { type DemoOutput, shellCall } from "./model-tools.js";

/**
 * `demo:echo-credential`: the demo model sends back the bearer token its request carried, as a
 * careless or hostile server might (docs/config.md, "What a server sends back"): in its
 * reasoning summary, in its message (split across two deltas) and in a shell command that
 * writes it to `leaked.txt`. mini-codex shows, keeps and runs `[credential removed]` instead.
 * The token is used for this answer only; the server records none.
 */
export const ECHO_CREDENTIAL = "demo:echo-credential";

export function echoCredentialStep(
  tools: DemoToolOffer[],
  bearer: string | undefined,
): { list: DemoOutput[]; summary: string } {
  if (!bearer) {
    const said = "This request carried no credential to echo.";
    return { list: [{ type: "message", deltas: [said] }], summary: "Nothing to echo." };
  }
  const half = Math.floor(bearer.length / 2);
  const message: DemoOutput = {
    type: "message",
    deltas: [
      "The credential this request carried: ",
      bearer.slice(0, half),
      `${bearer.slice(half)} — writing it to leaked.txt.`,
    ],
  };
  const call = shellCall(tools, `echo ${bearer} > leaked.txt`);
  return { list: call ? [message, call] : [message], summary: `Echoing ${bearer} back.` };
}

/** The token of an `Authorization: Bearer …` header. */
export function bearerOf(authorization: string | string[] | undefined): string | undefined {
  const value = Array.isArray(authorization) ? authorization[0] : authorization;
  return /^Bearer\s+(\S+)$/i.exec(value ?? "")?.[1];
}

import type { AgentContext, ClientCapabilities, RequestId } from "@agentclientprotocol/sdk";
import { errorMessage } from "../protocol/index.js";

// A yes/no question for the person at the editor (folder trust, hook trust): an elicitation
// form where the client offers one, else a permission request. A question the client cannot
// answer — it has neither, it fails, it cancels, or no answer comes within the time limit — is
// "no", and says why, so the agent never waits on it forever.

/** How long a question waits for the person before it counts as "no". */
const QUESTION_TIMEOUT_MS = 5 * 60_000;

interface YesNoQuestion {
  /** One short line (the permission's title, the form's title). */
  title: string;
  /** What the question is about. */
  lines: string[];
  yes: string;
  no: string;
  /** The session it belongs to (a permission request needs one), and the request it is asked in. */
  sessionId: string;
  requestId?: RequestId;
}

export type Answer = { yes: boolean; unanswered?: string };

interface QuestionChannel {
  client: AgentContext;
  capabilities: ClientCapabilities | undefined;
  timeoutMs?: number;
}

let questions = 0;

/** `stop`: the question is no longer wanted (the turn was cancelled): it stops waiting, "no". */
export async function askYesNo(
  channel: QuestionChannel,
  question: YesNoQuestion,
  stop?: AbortSignal,
): Promise<Answer> {
  const timeout = AbortSignal.timeout(channel.timeoutMs ?? QUESTION_TIMEOUT_MS);
  const signal = stop ? AbortSignal.any([timeout, stop]) : timeout;
  const options = { cancellationSignal: signal, stopWaitingOnCancel: true };
  const message = [...question.lines, "", question.title].join("\n");
  try {
    if (channel.capabilities?.elicitation?.form) {
      const scope =
        question.requestId !== undefined
          ? { requestId: question.requestId }
          : { sessionId: question.sessionId };
      const answer = await channel.client.request(
        "elicitation/create",
        {
          mode: "form",
          ...scope,
          message,
          requestedSchema: {
            type: "object",
            title: question.title,
            properties: {
              answer: {
                type: "string",
                title: question.title,
                oneOf: [
                  { const: "yes", title: question.yes },
                  { const: "no", title: question.no },
                ],
                default: "no",
              },
            },
            required: ["answer"],
          },
        },
        options,
      );
      if (answer.action !== "accept")
        return { yes: false, unanswered: `the editor answered ${answer.action}` };
      const content = (answer as { content?: Record<string, unknown> | null }).content;
      return { yes: content?.answer === "yes" };
    }
    questions += 1;
    const answer = await channel.client.request(
      "session/request_permission",
      {
        sessionId: question.sessionId,
        toolCall: {
          toolCallId: `question-${questions}`,
          title: question.title,
          kind: "other",
          status: "pending",
          content: [{ type: "content", content: { type: "text", text: message } }],
        },
        options: [
          { optionId: "yes", name: question.yes, kind: "allow_once" },
          { optionId: "no", name: question.no, kind: "reject_once" },
        ],
      },
      options,
    );
    if (answer.outcome.outcome !== "selected") {
      return { yes: false, unanswered: "the editor cancelled the question" };
    }
    return { yes: answer.outcome.optionId === "yes" };
  } catch (error) {
    const why = stop?.aborted
      ? "the turn was cancelled"
      : timeout.aborted
        ? `no answer within ${Math.round((channel.timeoutMs ?? QUESTION_TIMEOUT_MS) / 1000)} s`
        : `the editor could not ask it (${errorMessage(error)})`;
    return { yes: false, unanswered: why };
  }
}

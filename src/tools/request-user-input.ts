import { z } from "zod";
import { ToolInputError } from "./errors.js";
import { defineFunctionTool } from "./registry.js";
import type { ToolDefinition, UserInputQuestion } from "./types.js";

/**
 * `request_user_input` (the Codex CLI's tool): in Plan mode the model asks the person one to
 * three short multiple-choice questions and waits for the answers. Offered in every mode so
 * the request's `tools` never change with the mode; the turn refuses it outside Plan mode and
 * where nobody can answer (session/context/plan-mode-gate.ts). The front end answers through the
 * session's `askUser` hook (the TUI: a list per question, and a typed answer of one's own).
 */
const QuestionSchema = z.object({
  id: z.string().min(1).describe("Names the answer in the reply (snake_case)."),
  header: z.string().describe("A short label for the question, a word or two."),
  question: z.string().min(1).describe("The question, one sentence."),
  options: z
    .array(
      z.object({
        label: z.string().min(1).describe("The choice, a few words (the recommended one first)."),
        description: z.string().describe("What choosing it means, one sentence."),
      }),
    )
    .min(1)
    .max(4)
    .describe("Two or three mutually exclusive choices; the user may also type their own answer."),
});

const ArgsSchema = z.object({
  questions: z.array(QuestionSchema).min(1).max(3).describe("One to three short questions."),
});

const DESCRIPTION =
  'Ask the user one to three short multiple-choice questions and wait for the answers. Use it only in Plan mode, when a decision that shapes the plan cannot be found in the workspace. The reply is JSON: {"answers": {<id>: {"answers": [<the chosen label or the user\'s own words>]}}}.';

const DISMISSED =
  "request_user_input: the user dismissed the questions without answering; decide yourself and say what you assumed";

export function requestUserInputTool(): ToolDefinition {
  return defineFunctionTool({
    name: "request_user_input",
    description: DESCRIPTION,
    schema: ArgsSchema,
    async handler(args, ctx) {
      const questions: UserInputQuestion[] = args.questions.map((q) => ({
        id: q.id,
        header: q.header,
        question: q.question,
        options: q.options.map(({ label, description }) => ({ label, description })),
      }));
      const ids = new Set(questions.map((q) => q.id));
      if (ids.size !== questions.length) {
        throw new ToolInputError("invalid arguments for request_user_input: question ids repeat");
      }
      if (!ctx.askUser) {
        return "request_user_input: no one can answer questions in this session; decide yourself and say what you assumed";
      }
      const answered = await ctx.askUser({ callId: ctx.callId, questions }, ctx.signal);
      ctx.emit({
        type: "user_input",
        callId: ctx.callId,
        questions,
        ...(answered ? { answers: answered.answers } : {}),
      });
      return answered ? JSON.stringify(answered) : DISMISSED;
    },
  });
}

import { worktreeText } from "../../../launch/index.js";
import type { SessionKnowledge, SessionStatus } from "../../../session/index.js";
import { planUsageLines, warmupLine } from "../../../session/index.js";
import {
  compactNumber,
  costLine,
  describeForecast,
  describeNext,
  percent,
  policyAsks,
  safetyWarning,
  sandboxEnforces,
} from "../../labels/index.js";
import type { SlashCommand } from "../types.js";

/** "medium 7 requests · high 4 requests": each lane with the requests sent on it. */
function laneList(lanes: ReadonlyArray<{ label: string; requests: number }>): string {
  if (lanes.length === 0) return "none yet";
  return lanes
    .map((lane) => `${lane.label} ${lane.requests} request${lane.requests === 1 ? "" : "s"}`)
    .join(" · ");
}

/** "account      dev@example.com (ChatGPT plus plan)": who the provider's credential is. */
function accountLines(account: SessionStatus["account"]): string[] {
  if (!account) return [];
  if (account.kind === "api_key") return ["account      an API key (billed per token)"];
  const plan = account.planType ? `ChatGPT ${account.planType} plan` : "ChatGPT sign-in";
  return [`account      ${account.email ? `${account.email} (${plan})` : plan}`];
}

export const statusCommand: SlashCommand = {
  name: "status",
  description: "session, directory, approval and sandbox, transport and token totals",
  allowedWhileBusy: true,
  run(ctx) {
    const s = ctx.controller.session.status();
    const t = s.totals;
    const { launch } = ctx.controller;
    const window = ctx.controller.store.getState().status.contextWindow;
    const warning = safetyWarning(launch.approvalPolicy, launch.sandbox);
    const warmup = warmupLine(t.warmup, s.costDisplay);
    ctx.print({
      kind: "info",
      title: "Status",
      lines: [
        `session      ${s.sessionId}`,
        `directory    ${launch.cwd}`,
        ...(launch.worktree ? [`worktree     ${worktreeText(launch.worktree)}`] : []),
        ...agentsMdLines(ctx.controller.session.knowledge),
        `approval     ${launch.approvalPolicy} — ${policyAsks(launch.approvalPolicy)}`,
        `sandbox      ${launch.sandbox} — ${sandboxEnforces(launch.sandbox)}`,
        ...(s.mode === "plan"
          ? [
              "mode         Plan — commands read-only whatever the sandbox, writes refused (Shift+Tab: Default)",
            ]
          : []),
        ...(warning ? [`⚠ ${warning}`] : []),
        `profile      ${launch.profile ?? "(none)"}`,
        `provider     ${s.providerId}  ${s.baseUrl}`,
        ...accountLines(s.account),
        `transport    ${s.transport}  lane ${s.lane}`,
        `lanes        ${laneList(s.lanes)}  (ws_lanes ${s.laneTransport})`,
        `model        ${s.model} (${s.modelSource})${s.effort ? `  effort ${s.effort}` : ""}  effort changes ${s.effortChanges}`,
        `requests     ${t.requests}  incremental ${t.incrementalRequests} (${percent(t.incrementalRequests, t.requests)})`,
        `context      ${window ? `${compactNumber(window)} tokens` : "unknown window"}`,
        `tokens       input ${compactNumber(t.inputTokens)}  cached ${compactNumber(t.cachedTokens)} (${percent(t.cachedTokens, t.inputTokens)})  output ${compactNumber(t.outputTokens)}`,
        `cost         ${costLine(t.cost, s.costDisplay)}`,
        ...(warmup ? [`warm-up      ${warmup}`] : []),
        ...(s.planUsage ? planUsageLines(s.planUsage) : []),
        s.next.forecast
          ? `${describeNext(s.next)} · ${describeForecast(s.next.forecast, s.costDisplay)}`
          : describeNext(s.next),
      ],
    });
  },
};

/** /status's AGENTS.md lines: each file read with its size, and when a change takes effect. */
function agentsMdLines(knowledge: SessionKnowledge | undefined): string[] {
  if (!knowledge) return [];
  if (knowledge.savedContext) {
    return ["AGENTS.md    as in the saved session (files are read again by /new)"];
  }
  const files = knowledge.files.map((file) => {
    const size =
      file.loaded < file.bytes
        ? `${file.loaded} of ${file.bytes} bytes, cut`
        : `${file.bytes} bytes`;
    return `  ${file.scope === "global" ? "global " : "project"}  ${file.path}  (${size})`;
  });
  if (files.length === 0)
    return ["AGENTS.md    none found (read when the session started; /new reads again)"];
  return ["AGENTS.md    read when the session started; edits apply from /new", ...files];
}

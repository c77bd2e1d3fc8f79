import { Box, Static, Text, useApp, useStdout } from "ink";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { printable } from "../text/terminal-text.js";
import { ApprovalPrompt } from "./approval-prompt.js";
import { runSlashCommand } from "./commands/dispatch.js";
import { CompletionPopup } from "./completion-popup.js";
import { Composer } from "./composer.js";
import type { TuiLaunchOptions } from "./contract.js";
import { RenderGuard } from "./error-boundary.js";
import { exitSummary } from "./exit-summary.js";
import { LiveItem } from "./live-item.js";
import { type ChipImage, joinMessages } from "./paste-collapse.js";
import { Picker } from "./picker.js";
import { ResumePicker } from "./resume-picker.js";
import { initialState, resilientReducer } from "./state.js";
import { StatusBar } from "./status-bar.js";
import type { TranscriptEntryBody } from "./transcript-entries.js";
import { TranscriptPager } from "./transcript-pager.js";
import { printTranscript, TranscriptItem } from "./transcript-print.js";
import { useAgentSession } from "./use-agent-session.js";
import { useKeyRouting } from "./use-key-routing.js";
import { useNotifications } from "./use-notifications.js";
import { useSessionSwitch } from "./use-session-switch.js";
import { useTerminalWidth, useTranscriptReflow } from "./use-terminal.js";
import { useTranscriptPager } from "./use-transcript-pager.js";

/** `!command`: the command to run locally, or undefined for a message to the model. */
export function shellEscape(text: string): string | undefined {
  const match = /^!\s*(\S[\s\S]*)$/.exec(text.trim());
  return match?.[1];
}

export function App({
  options,
  onExit,
}: {
  options: TuiLaunchOptions;
  /** Lines to print once the app has left the screen (session id, resume hint, totals). */
  onExit?: (lines: string[]) => void;
}) {
  const { exit } = useApp();
  const width = useTerminalWidth();
  const [state, dispatch] = useReducer(
    resilientReducer,
    { contextWindow: options.contextWindow },
    initialState,
  );
  const entries = useRef(state.entries);
  entries.current = state.entries;
  const contextWindow = useRef(state.status.contextWindow);
  contextWindow.current = state.status.contextWindow;
  const lastOutput = useRef(state.lastOutput);
  lastOutput.current = state.lastOutput;
  useTranscriptReflow((columns) => printTranscript(entries.current, columns));
  const composerRef = useRef({
    clear: () => {},
    prepend: (_text: string, _images?: readonly ChipImage[]) => {},
  });
  const agent = useAgentSession(options, dispatch, (messages) => {
    const joined = joinMessages(messages);
    composerRef.current.prepend(joined.text, joined.images);
  });
  const print = useCallback(
    (...entries: TranscriptEntryBody[]) => dispatch({ type: "append", entries }),
    [],
  );
  const sessions = useSessionSwitch(options, agent, print);
  const { stdout } = useStdout();
  const rows = stdout.rows || 24;
  const pager = useTranscriptPager(
    () => entries.current,
    () => stdout.rows || 24,
  );

  // Leaving renders nothing (the live region is erased), then exits; run.tsx prints the summary.
  const [leaving, setLeaving] = useState(false);
  const quit = useCallback(() => {
    const session = agent.session;
    void agent.close().finally(() => {
      if (session) onExit?.(exitSummary(session.status(), options.resumeCommand));
      setLeaving(true);
    });
  }, [agent, onExit, options.resumeCommand]);
  useEffect(() => {
    if (leaving) exit();
  }, [leaving, exit]);

  const runCommand = (text: string): boolean =>
    runSlashCommand(text, {
      session: agent.session,
      busy: agent.isBusy(),
      home: options.home,
      cwd: options.cwd,
      settings: () => ({
        approvalPolicy: options.approvalPolicy,
        sandbox: options.sandbox,
        profile: options.profile,
        contextWindow: contextWindow.current,
      }),
      print,
      openEffortPicker: () => keys.openEffortPicker(),
      openModelPicker: () => keys.openModelPicker(),
      runSessionOperation: (operation) => agent.runSessionOperation(() => operation(), true),
      newSession: async () => {
        keys.completion.reset();
        await agent.open();
      },
      openResumePicker: () => sessions.openPicker(),
      forkSession: () => sessions.fork(),
      sendMessage: (text) => void agent.sendMessage(text),
      openReviewFork: () =>
        options.createSession({ source: { fork: { id: agent.session?.id ?? "" } }, review: true }),
      quit,
    });

  const notifications = useNotifications(options.notifications);
  const keys = useKeyRouting({
    agent,
    takeReport: notifications.onInput,
    cwd: options.cwd,
    onSubmit: (text, mode, images) => {
      if (runCommand(text)) return;
      const shell = shellEscape(text);
      if (shell === undefined && mode === "send") agent.steerMessage(text, images);
      else if (shell === undefined) void agent.sendMessage(text, images);
      else if (agent.isBusy())
        print({
          kind: "notice",
          level: "warning",
          text: "!command waits for the turn to finish: try again after it.",
        });
      else void agent.runSessionOperation((s) => s.runUserShell(shell), true);
    },
    print,
    quit,
    modal: (input, key) => pager.handleKey(input, key) || sessions.handleKey(input, key),
    showOutput: () => {
      const last = lastOutput.current;
      print(
        last
          ? {
              kind: "info",
              title: `$ ${last.command} (whole output)`,
              lines: last.output.trimEnd().split("\n"),
            }
          : { kind: "notice", level: "info", text: "No command output yet." },
      );
    },
  });
  composerRef.current = keys.composer;
  const approval = agent.approvals[0];

  // Start the first session once; send the initial prompt when it is ready.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once at mount
  useEffect(() => {
    // Queued first: it goes ahead of anything typed while the session starts.
    if (options.initialPrompt) void agent.sendMessage(options.initialPrompt);
    sessions.start();
  }, []);

  // "Context left" follows the model: /model may pick one with another window.
  const model = state.status.model;
  const contextWindowFor = options.contextWindowFor;
  useEffect(() => {
    if (model && contextWindowFor) {
      dispatch({ type: "context_window", contextWindow: contextWindowFor(model) });
    }
  }, [model, contextWindowFor]);

  const busy = state.status.busy;
  const wasBusy = useRef(false);
  const { notify } = notifications;
  useEffect(() => {
    if (wasBusy.current && !busy)
      notify("agent-turn-complete", "mini-codex: the turn finished", {
        "thread-id": state.status.sessionId,
      });
    wasBusy.current = busy;
  }, [busy, notify, state.status.sessionId]);
  useEffect(() => {
    if (approval) notify("approval-requested", "mini-codex: an approval is waiting");
  }, [approval, notify]);
  const completionView = keys.completion.view(keys.composer.buffer);
  if (leaving) return null;
  return (
    <Box flexDirection="column">
      {/* Static is positioned absolutely: without a width its items may grow past the terminal. */}
      <Static items={state.entries} style={{ width }}>
        {(entry) => <TranscriptItem key={entry.id} entry={entry} width={width} />}
      </Static>
      {pager.pager ? <TranscriptPager pager={pager.pager} rows={rows} width={width} /> : null}
      {/* hidden, not unmounted, while the pager shows: a turn and its approval go on under it */}
      <Box flexDirection="column" display={pager.pager ? "none" : "flex"}>
        <RenderGuard what="the live item">
          <LiveItem live={state.live} width={width} />
        </RenderGuard>
        {state.queue.map((text, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: queue order is the identity
          <Text key={i} dimColor wrap="truncate-end">
            queued › {printable(text)}
          </Text>
        ))}
        {approval ? (
          <ApprovalPrompt
            request={approval.request}
            index={keys.approval.choice}
            diffOffset={keys.approval.diffOffset}
            feedback={keys.approval.feedback}
            typing={keys.composer.buffer.text.length > 0}
          />
        ) : null}
        {keys.picker !== undefined && !approval ? (
          <Picker
            title={keys.picker.spec.title}
            options={keys.picker.spec.options}
            details={keys.picker.spec.details}
            index={keys.picker.index}
            current={keys.picker.spec.current}
          />
        ) : null}
        {sessions.picker ? <ResumePicker picker={sessions.picker} width={width} /> : null}
        <Composer
          buffer={keys.composer.buffer}
          dim={Boolean(approval) || keys.picker !== undefined}
          placeholder={
            busy
              ? "working… (Enter steers, Tab queues, Esc interrupts)"
              : "Ask mini-codex; /help for commands"
          }
        />
        {completionView && !approval && keys.picker === undefined ? (
          <CompletionPopup view={completionView} width={width} />
        ) : null}
        <StatusBar status={state.status} width={width} />
        {keys.hint ? <Text dimColor>{keys.hint}</Text> : null}
      </Box>
    </Box>
  );
}

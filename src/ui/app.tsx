import { Box, type Key, Static, Text, useApp, useInput } from "ink";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { ReasoningEffortSchema } from "../protocol/request.js";
import { ApprovalPrompt, approvalKey } from "./approval-prompt.js";
import { runSlashCommand } from "./commands/dispatch.js";
import { Composer } from "./composer.js";
import type { TuiLaunchOptions } from "./contract.js";
import { EntryView } from "./entry-view.js";
import { RenderGuard } from "./error-boundary.js";
import { EFFORT_CYCLE } from "./keymap.js";
import { LiveItem } from "./live-item.js";
import { Picker, pickerKey } from "./picker.js";
import { initialState, resilientReducer } from "./state.js";
import { StatusBar } from "./status-bar.js";
import { printable } from "./terminal-text.js";
import type { TranscriptEntryBody } from "./transcript-entries.js";
import { useAgentSession } from "./use-agent-session.js";
import { type ComposerSignal, useComposer } from "./use-composer.js";
import { useRefState, useTerminalWidth, useTranscriptReflow } from "./use-terminal.js";

const EFFORTS = ReasoningEffortSchema.options;

export function App({ options }: { options: TuiLaunchOptions }) {
  const { exit } = useApp();
  const width = useTerminalWidth();
  const reflows = useTranscriptReflow();
  const [state, dispatch] = useReducer(
    resilientReducer,
    { contextWindow: options.contextWindow },
    initialState,
  );
  const composerRef = useRef({ clear: () => {}, prepend: (_text: string) => {} });
  const agent = useAgentSession(options, dispatch, (texts) =>
    composerRef.current.prepend(texts.join("\n")),
  );
  const picker = useRefState<number | undefined>(undefined);
  const approvalChoice = useRefState(0);
  const [hint, setHint] = useState("");
  const quitArmed = useRef(false);

  const print = useCallback(
    (...entries: TranscriptEntryBody[]) => dispatch({ type: "append", entries }),
    [],
  );

  const quit = useCallback(() => {
    void agent.close().finally(() => exit());
  }, [agent, exit]);

  const runCommand = (text: string): boolean =>
    runSlashCommand(text, {
      session: agent.session,
      busy: agent.isBusy(),
      home: options.home,
      cwd: options.cwd,
      print,
      openEffortPicker: () => {
        const current = agent.session?.status().effort ?? "medium";
        picker.set(Math.max(0, EFFORTS.indexOf(current)));
      },
      runTurn: (operation) => agent.runTurn(() => operation(), true),
      newSession: async () => {
        await agent.open();
      },
      quit,
    });

  const onSubmit = (text: string) => {
    quitArmed.current = false;
    setHint("");
    if (runCommand(text)) return;
    void agent.sendMessage(text);
  };

  const onSignal = (signal: ComposerSignal, empty: boolean) => {
    if (signal === "cycle_effort") {
      const session = agent.session;
      if (!session) return;
      const now = session.status().effort;
      const index = EFFORT_CYCLE.indexOf(now as (typeof EFFORT_CYCLE)[number]);
      const effort = EFFORT_CYCLE[(index + 1) % EFFORT_CYCLE.length] ?? "medium";
      session.update({ effort });
      setHint(`effort → ${effort} (next request)`);
      return;
    }
    if (signal === "interrupt") {
      if (agent.isBusy()) agent.interrupt();
      return;
    }
    // Ctrl+C: interrupt a turn, else clear the input, else (twice in a row) quit.
    if (agent.isBusy()) {
      agent.interrupt();
      setHint("Interrupted. Ctrl+C again on an empty input quits.");
      quitArmed.current = true;
    } else if (!empty) {
      composerRef.current.clear();
      quitArmed.current = true;
      setHint("Input cleared. Press Ctrl+C again to quit.");
    } else if (quitArmed.current) {
      quit();
    } else {
      quitArmed.current = true;
      setHint("Press Ctrl+C again to quit.");
    }
  };

  const approval = agent.approvals[0];
  const composer = useComposer({ onSubmit, onSignal });
  composerRef.current = composer;

  const pickEffort = (effort: string) => {
    picker.set(undefined);
    const level = ReasoningEffortSchema.parse(effort);
    agent.session?.update({ effort: level });
    print({
      kind: "notice",
      level: "info",
      text: `Reasoning effort: ${level} (applies to the next request).`,
    });
  };

  // One input handler routes each key: the approval prompt, else the picker, else the composer.
  const route = useRef<(input: string, key: Key) => void>(() => {});
  route.current = (input, key) => {
    const pendingApproval = agent.currentApproval();
    if (pendingApproval) {
      const result = approvalKey(input, key, approvalChoice.ref.current);
      // Esc / Ctrl+C on a prompt deny it and stop the turn.
      if (result === "interrupt") {
        approvalChoice.set(0);
        return agent.interrupt();
      }
      if (result && "decision" in result) {
        approvalChoice.set(0);
        agent.decide(pendingApproval, result.decision);
      } else if (result) approvalChoice.set(result.index);
      return;
    }
    if (picker.ref.current !== undefined) {
      const result = pickerKey(input, key, picker.ref.current, EFFORTS);
      if (!result) return;
      if ("pick" in result) pickEffort(result.pick);
      else if ("cancel" in result) picker.set(undefined);
      else picker.set(result.index);
      return;
    }
    composer.handle(input, key);
  };
  const onInput = useCallback((input: string, key: Key) => route.current(input, key), []);
  useInput(onInput);

  // Start the first session once; send the initial prompt when it is ready.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once at mount
  useEffect(() => {
    agent
      .open()
      .then(() => {
        if (options.initialPrompt) void agent.sendMessage(options.initialPrompt);
      })
      .catch((error: unknown) =>
        print({
          kind: "notice",
          level: "error",
          text: `Could not start the session: ${String(error)}`,
        }),
      );
  }, []);

  const busy = state.status.busy;
  return (
    <Box flexDirection="column">
      {/* Static is positioned absolutely: without a width its items may grow past the terminal. */}
      <Static key={reflows} items={state.entries} style={{ width }}>
        {(entry) => (
          <RenderGuard key={entry.id} what="this item">
            <EntryView entry={entry} width={width} />
          </RenderGuard>
        )}
      </Static>
      <RenderGuard what="the live item">
        <LiveItem live={state.live} width={width} />
      </RenderGuard>
      {state.queue.map((text, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: queue order is the identity
        <Text key={i} dimColor wrap="truncate-end">
          queued › {printable(text)}
        </Text>
      ))}
      {approval ? <ApprovalPrompt request={approval.request} index={approvalChoice.value} /> : null}
      {picker.value !== undefined && !approval ? (
        <Picker
          title="Reasoning effort for the next request"
          options={EFFORTS}
          index={picker.value}
          current={state.status.effort}
        />
      ) : null}
      <Composer
        buffer={composer.buffer}
        dim={Boolean(approval) || picker.value !== undefined}
        placeholder={
          busy ? "working… (type to queue, Esc to interrupt)" : "Ask mini-codex; /help for commands"
        }
      />
      <StatusBar status={state.status} width={width} />
      {hint ? <Text dimColor>{hint}</Text> : null}
    </Box>
  );
}

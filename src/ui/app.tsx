import { Box, Static, Text, useApp, useStdout } from "ink";
import { useEffect, useState, useSyncExternalStore } from "react";
import { ApprovalPrompt } from "./approval-prompt.js";
import type { TuiLaunchOptions } from "./contract.js";
import { TuiController } from "./controller/index.js";
import { CostQuestionPrompt } from "./cost-question.js";
import { RenderGuard } from "./error-boundary.js";
import { CompletionPopup, Composer, useKeys } from "./input/index.js";
import { PendingMessages } from "./pending-messages.js";
import { Picker } from "./picker.js";
import { ResumePicker } from "./resume-picker.js";
import { StatusBar } from "./status-bar.js";
import { LiveItem, printTranscript, TranscriptItem, TranscriptPager } from "./transcript/index.js";
import { useNotifications, useTurnNotifications } from "./use-notifications.js";
import { useReclaimRows, useTerminalWidth, useTranscriptReflow } from "./use-terminal.js";

/** The controller for the app's life: started once, and let go when the app unmounts. */
function useController(options: TuiLaunchOptions, onExit?: (lines: string[]) => void) {
  const [controller] = useState(() => new TuiController(options, onExit));
  useEffect(() => {
    controller.start();
    return () => controller.detach();
  }, [controller]);
  const state = useSyncExternalStore(controller.store.subscribe, controller.store.getState);
  const { exit } = useApp();
  // Leaving renders nothing (the live region is erased), then exits; run.tsx prints the summary.
  useEffect(() => {
    if (state.leaving) exit();
  }, [state.leaving, exit]);
  return { controller, state };
}

/** The screen: the transcript, then the live region, prompts and pickers, composer and status. */
export function App({
  options,
  onExit,
}: {
  options: TuiLaunchOptions;
  /** Lines to print once the app has left the screen (session id, resume hint, totals). */
  onExit?: (lines: string[]) => void;
}) {
  const { controller, state } = useController(options, onExit);
  const width = useTerminalWidth();
  const { stdout } = useStdout();
  useTranscriptReflow((columns) => printTranscript(controller.store.getState().entries, columns));
  const notifications = useNotifications(options.notifications);
  const { buffer, completion, search } = useKeys(controller, notifications.onInput);
  const approval = state.approvals[0];
  const { busy, sessionId } = state.status;
  useTurnNotifications(notifications.notify, { busy, sessionId, approval });
  const completionView = completion.view(buffer);
  const picker = state.picker;
  const overlay = Boolean(picker || approval || state.pager || state.resumeList);
  useReclaimRows(overlay, (columns) =>
    printTranscript(controller.store.getState().entries, columns),
  );
  if (state.leaving) return null;
  return (
    <Box flexDirection="column">
      {/* Static is positioned absolutely: without a width its items may grow past the terminal. */}
      <Static items={state.entries} style={{ width }}>
        {(entry) => <TranscriptItem key={entry.id} entry={entry} width={width} />}
      </Static>
      {state.pager ? (
        <TranscriptPager pager={state.pager} rows={stdout.rows || 24} width={width} />
      ) : null}
      {/* hidden, not unmounted, while the pager shows: a turn and its approval go on under it */}
      <Box flexDirection="column" display={state.pager ? "none" : "flex"}>
        <RenderGuard what="the live item">
          <LiveItem live={state.live} width={width} />
        </RenderGuard>
        <PendingMessages steers={state.steers} queue={state.queue} />
        {approval ? (
          <ApprovalPrompt
            request={approval.request}
            index={state.prompt.choice}
            diffOffset={state.prompt.diffOffset}
            feedback={state.prompt.feedback}
            typing={buffer.text.length > 0}
          />
        ) : null}
        {state.costQuestion && !approval ? (
          <CostQuestionPrompt question={state.costQuestion} />
        ) : null}
        {picker !== undefined && !approval ? (
          <Picker
            title={picker.spec.title}
            options={picker.spec.options}
            details={picker.spec.details}
            index={picker.index}
            current={picker.spec.current}
            numbered={picker.spec.numbered}
          />
        ) : null}
        {state.resumeList ? <ResumePicker picker={state.resumeList} width={width} /> : null}
        <Composer
          buffer={buffer}
          dim={Boolean(approval) || picker !== undefined || state.costQuestion !== undefined}
          search={search}
          placeholder={
            busy
              ? "working… (Enter steers, Tab queues, Esc interrupts)"
              : "Ask mini-codex; /help for commands"
          }
        />
        {completionView && !approval && picker === undefined && !state.costQuestion ? (
          <CompletionPopup view={completionView} width={width} />
        ) : null}
        <StatusBar status={state.status} width={width} />
        {state.hint ? <Text dimColor>{state.hint}</Text> : null}
      </Box>
    </Box>
  );
}

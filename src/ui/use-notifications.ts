import { useStdout } from "ink";
import { useCallback, useEffect, useRef } from "react";
import {
  FOCUS_REPORTING_OFF,
  FOCUS_REPORTING_ON,
  focusReport,
  type NotificationEvent,
  type NotificationSettings,
  notificationSequence,
  runNotifyHook,
} from "./notifications.js";

/**
 * Desktop notifications while the terminal has no focus: focus reporting on while the app
 * runs, OSC 9 (or a bell) when a turn ends or an approval waits, and the `notify` hook.
 */
export function useNotifications(settings: NotificationSettings | undefined) {
  const { stdout } = useStdout();
  const focused = useRef(true);
  const reporting = Boolean(settings && settings.events.size > 0);

  useEffect(() => {
    if (!reporting) return;
    stdout.write(FOCUS_REPORTING_ON);
    return () => {
      stdout.write(FOCUS_REPORTING_OFF);
    };
  }, [reporting, stdout]);

  /** True when the input was a focus report (it is not a key). */
  const onInput = useCallback((input: string): boolean => {
    const report = focusReport(input);
    if (!report) return false;
    focused.current = report === "in";
    return true;
  }, []);

  const notify = useCallback(
    (event: NotificationEvent, text: string, details: Record<string, unknown> = {}) => {
      if (!settings) return;
      if (settings.command && event === "agent-turn-complete") {
        runNotifyHook(settings.command, { type: event, ...details });
      }
      if (!focused.current && settings.events.has(event)) {
        stdout.write(notificationSequence(settings.method, text));
      }
    },
    [settings, stdout],
  );

  return { onInput, notify };
}

/** A turn that ends and an approval that waits notify the person (while the terminal has no focus). */
export function useTurnNotifications(
  notify: ReturnType<typeof useNotifications>["notify"],
  state: { busy: boolean; sessionId?: string; approval: unknown },
) {
  const { busy, sessionId, approval } = state;
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy)
      notify("agent-turn-complete", "mini-codex: the turn finished", { "thread-id": sessionId });
    wasBusy.current = busy;
  }, [busy, notify, sessionId]);
  useEffect(() => {
    if (approval) notify("approval-requested", "mini-codex: an approval is waiting");
  }, [approval, notify]);
}

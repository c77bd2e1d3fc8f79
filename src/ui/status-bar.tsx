import { Box, Text } from "ink";
import { useEffect, useState } from "react";
import type { StatusState } from "./controller/index.js";
import { layoutStatusBar, SEPARATOR } from "./status-items.js";

/** Milliseconds since `busy` last turned on (ticking once a second), undefined when idle. */
function useBusyClock(busy: boolean): number | undefined {
  const [since, setSince] = useState<number>();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!busy) {
      setSince(undefined);
      return;
    }
    const start = Date.now();
    setSince(start);
    setNow(start);
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [busy]);
  return since === undefined ? undefined : Math.max(0, now - since);
}

export function StatusBar({ status, width }: { status: StatusState; width: number }) {
  const elapsedMs = useBusyClock(status.busy);
  const segments = layoutStatusBar({ ...status, elapsedMs }, Math.max(1, width - 1));
  return (
    <Box width={width}>
      <Text wrap="truncate-end">
        {segments.map((segment, i) => (
          <Text key={segment.id}>
            {i > 0 ? <Text dimColor>{SEPARATOR}</Text> : null}
            <Text color={segment.color}>{segment.text}</Text>
          </Text>
        ))}
      </Text>
    </Box>
  );
}

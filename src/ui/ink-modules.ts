/**
 * Ink and React, loaded for a first render (the app, or a start-up question before it), in the
 * terminal's interactive mode whatever the environment says:
 * - React's development build renders several times slower: it is loaded in production mode
 *   unless the person asked otherwise.
 * - Ink decides once, when it is loaded, whether it runs in CI (`CI` or `CONTINUOUS_INTEGRATION`
 *   set at all); there it draws no frame until it exits, so a person whose shell sets `CI` saw no
 *   question and no TUI. The TUI runs only on a terminal: Ink is loaded with both hidden.
 * Both are read only while the modules load: the environment is the person's again afterwards
 * (every command, hook and MCP server started later sees their `CI` and `NODE_ENV`, or none).
 * React, Ink and the JSX runtime are loaded here, so the views imported later by the callers find
 * them loaded. (The setting is written as a call: the bundle replaces every `process.env.NODE_ENV`
 * read with "production".)
 */
export async function loadInk() {
  const restore = setAsideWhileLoading();
  try {
    const [ink, react] = await Promise.all([
      import("ink"),
      import("react"),
      import("react/jsx-runtime"),
    ]);
    return { render: ink.render, createElement: react.createElement };
  } finally {
    restore();
  }
}

/** The variables Ink's CI check reads. */
const CI_MARKERS = ["CI", "CONTINUOUS_INTEGRATION"] as const;

/** The person's values while one or more loads run (a question may load while the app does). */
let loading: { count: number; saved: Record<string, string | undefined> } | undefined;

/** Hides the CI markers and sets NODE_ENV for the loads in flight; the last one to end restores. */
function setAsideWhileLoading(): () => void {
  if (!loading) {
    const names = [...CI_MARKERS, "NODE_ENV"];
    loading = { count: 0, saved: Object.fromEntries(names.map((n) => [n, process.env[n]])) };
    for (const name of CI_MARKERS) delete process.env[name];
    Object.assign(process.env, { NODE_ENV: loading.saved.NODE_ENV ?? "production" });
  }
  loading.count += 1;
  return () => {
    if (!loading || --loading.count > 0) return;
    for (const [name, value] of Object.entries(loading.saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    loading = undefined;
  };
}

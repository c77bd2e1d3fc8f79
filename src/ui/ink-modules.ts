/**
 * Ink and React, loaded for a first render (the app, or a start-up question before it).
 * React's development build renders several times slower: it is loaded in production mode unless
 * the person asked otherwise. React, Ink and the JSX runtime must all be imported after the
 * setting, so this file has no JSX and the views are imported after it by the callers.
 * (Written as a call: the bundle replaces every `process.env.NODE_ENV` read with "production".)
 */
export async function loadInk() {
  Object.assign(process.env, { NODE_ENV: process.env.NODE_ENV ?? "production" });
  const [ink, react] = await Promise.all([import("ink"), import("react")]);
  return { render: ink.render, createElement: react.createElement };
}

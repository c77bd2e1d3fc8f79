/**
 * Keys to intents: the composer (editing, history, kill ring, pastes and images), completion
 * popups for commands, files and skills, and the keymap's routing.
 */
export { CompletionPopup } from "./completion-popup.js";
export { Composer } from "./composer.js";
export { useKeys } from "./use-keys.js";
export { useTypedKeys } from "./use-typed-keys.js";

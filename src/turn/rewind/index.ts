/**
 * Rewind: the points a session can go back to (its turns), and going back: the conversation, the
 * workspace's files, or both.
 */
export { TurnCheckpoints } from "./rewind.js";

/**
 * Session files and ledgers hold prompts, tool outputs and images: only their owner may read
 * them (modes apply when a folder or file is created; existing ones keep theirs).
 */
export const PRIVATE_DIR = { recursive: true, mode: 0o700 } as const;
export const PRIVATE_FILE_MODE = 0o600;

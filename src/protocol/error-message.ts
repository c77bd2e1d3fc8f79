/** The text of a thrown value for a person (every layer may import protocol, so it lives here). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

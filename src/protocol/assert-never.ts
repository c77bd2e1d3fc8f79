/** The end of an exhaustive switch: a variant nobody handled is a bug, said with its value. */
export function assertNever(value: never): never {
  throw new Error(`unhandled variant: ${JSON.stringify(value)}`);
}

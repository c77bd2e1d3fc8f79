/**
 * A value built on its first use. Schemas are built this way: each costs ~0.1 ms to construct,
 * and module load paid for every one of them before exec's first request (bench/startup).
 */
export function lazy<T>(build: () => T): () => T {
  let value: { built: T } | undefined;
  return () => {
    value ??= { built: build() };
    return value.built;
  };
}

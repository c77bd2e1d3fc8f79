/** Replace exactly one occurrence, or fail the build: a dependency upgrade must be looked at. */
export function replaceOnce(plugin, code, from, to, id) {
  const count = code.split(from).length - 1;
  if (count !== 1) {
    throw new Error(`${plugin}: expected one ${JSON.stringify(from)} in ${id}, found ${count}`);
  }
  return code.replace(from, to);
}

/** The last part of a path on any OS ("/Users/dana/Exports/" → "Exports"); the whole path when it has no parts. */
export function lastPart(path: string): string {
  const parts = path.split(/[\\/]+/).filter((part) => part !== '')
  return parts.at(-1) ?? path
}

import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Set by `npm test`, which has just built the command from this source: children run the
 * build (bin/flipdrop.js, as installed) instead of the source under tsx, 0.2 s instead of
 * about 0.9 s of CPU each, hundreds of children a run. A plain `vitest` runs the source, so a
 * stale build is never what an edited test meets.
 */
export const BUILT_COMMAND_VARIABLE = 'FLIPDROP_TEST_BUILT_COMMAND'

/** tsx by its path: the command may be started from any folder (a shell `cd`, a terminal). */
const TSX_IMPORT = join(root, 'node_modules/tsx/dist/esm/index.mjs')

/** `flipdrop` as argv after node: the build when `npm test` made it, else the source under tsx. */
export const commandEntry = (): string[] =>
  process.env[BUILT_COMMAND_VARIABLE] === '1' ? [join(root, 'bin/flipdrop.js')] : ['--import', TSX_IMPORT, join(root, 'src-main/cli/index.ts')]

/** How to start `flipdrop <args>` as its own Node process (no npm in front of it). */
export function commandLine(args: readonly string[]): { file: string; argv: string[] } {
  return { file: process.execPath, argv: [...commandEntry(), ...args] }
}

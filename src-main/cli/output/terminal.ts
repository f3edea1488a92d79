/** A stream the command writes to, and what Node knows of its terminal. */
export type OutStream = NodeJS.WritableStream & { isTTY?: boolean; columns?: number }

/** Width assumed when the terminal's is unknown (a pipe, a file). */
export const DEFAULT_COLUMNS = 80

/**
 * What the command may do on its streams (clig.dev): redraw and colour only for a person at
 * a terminal; plain lines for pipes, files, `TERM=dumb` and `NO_COLOR`.
 */
export interface Terminal {
  /** stdout is a terminal. */
  readonly stdoutTty: boolean
  /** Progress may be redrawn in place on stderr (a terminal, and not TERM=dumb). */
  readonly live: boolean
  /** Colour on stdout. */
  readonly color: boolean
  /** Columns of stdout (for tables and help): the terminal's, else COLUMNS, else 80. */
  stdoutColumns(): number
  /** Columns of stderr (for progress lines), read at each draw so a resize applies. */
  stderrColumns(): number
}

function columnsOf(stream: OutStream, env: NodeJS.ProcessEnv): number {
  if (stream.isTTY === true && typeof stream.columns === 'number' && stream.columns > 0) return stream.columns
  const fromEnv = Number(env['COLUMNS'])
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_COLUMNS
}

/** The terminal of one run, from its streams and environment. */
export function detectTerminal(io: { stdout: OutStream; stderr: OutStream }, env: NodeJS.ProcessEnv): Terminal {
  const dumb = env['TERM'] === 'dumb'
  // NO_COLOR: any non-empty value turns colour off (no-color.org).
  const noColor = (env['NO_COLOR'] ?? '') !== ''
  const stdoutTty = io.stdout.isTTY === true
  return {
    stdoutTty,
    live: io.stderr.isTTY === true && !dumb,
    color: stdoutTty && !dumb && !noColor,
    stdoutColumns: () => columnsOf(io.stdout, env),
    stderrColumns: () => columnsOf(io.stderr, env)
  }
}

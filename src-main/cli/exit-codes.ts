/** The command's exit codes, as scripts rely on them. */
export const EXIT = {
  /** Everything asked for succeeded. */
  ok: 0,
  /** Something failed; each failure was printed with its message. */
  failed: 1,
  /** Bad usage; the usage text was printed. */
  usage: 2,
  /** No API key, or the service refused it. */
  noKey: 3,
  /** The service could not be reached, and nothing was queued to wait for it. */
  offline: 4
} as const

export type ExitCode = (typeof EXIT)[keyof typeof EXIT]

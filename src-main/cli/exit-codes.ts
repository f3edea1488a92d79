/** The command's exit codes, as scripts rely on them. */
export const EXIT = {
  /** Everything asked for was done (or skipped on purpose, or queued as asked). */
  ok: 0,
  /** Something the user asked for failed (or was cancelled or removed); each was printed with its reason. */
  failed: 1,
  /** Bad usage; the usage text was printed. */
  usage: 2,
  /** No API key, or the service refused it (the message names where the key came from). */
  noKey: 3,
  /** The service could not be reached (refused, stalled, no such host, TLS, a bad address, or --timeout ran out). */
  offline: 4,
  /** Stopped by Ctrl+C (SIGINT). */
  interrupted: 130
} as const

export type ExitCode = (typeof EXIT)[keyof typeof EXIT]

/** Where the core writes what happened. Secrets are redacted before anything is written. */
export interface Logger {
  info(message: string, detail?: unknown): void
  warn(message: string, detail?: unknown): void
  error(message: string, detail?: unknown): void
}

type Level = keyof Logger

/** A line sink: the console in the app, an array in tests. */
export type LogSink = (level: Level, line: string) => void

const REDACTED = '[redacted]'

function describe(detail: unknown): string {
  if (detail === undefined) return ''
  if (detail instanceof Error) return ` ${detail.name}: ${detail.message}`
  try {
    return ` ${JSON.stringify(detail)}`
  } catch {
    return ` ${String(detail)}`
  }
}

/**
 * Creates a logger that removes every current secret from each line before writing it.
 * `secrets` is asked on every write, so a key stored after start-up is redacted too.
 */
export function createLogger(sink: LogSink, secrets: () => readonly string[] = () => []): Logger {
  const write = (level: Level, message: string, detail?: unknown): void => {
    let line = `${message}${describe(detail)}`
    for (const secret of secrets()) {
      if (secret.length > 0) line = line.split(secret).join(REDACTED)
    }
    sink(level, line)
  }
  return {
    info: (message, detail) => write('info', message, detail),
    warn: (message, detail) => write('warn', message, detail),
    error: (message, detail) => write('error', message, detail)
  }
}

/** The default sink: stderr-style console output with the level in front. */
export const consoleSink: LogSink = (level, line) => {
  const text = `[flipdrop] ${level}: ${line}`
  if (level === 'error') console.error(text)
  else if (level === 'warn') console.warn(text)
  else console.info(text)
}

import { redactingReplacer, redactText } from './logging/redact'

/** Where the core writes what happened. Secrets are redacted before anything is written. */
export interface Logger {
  info(message: string, detail?: unknown): void
  warn(message: string, detail?: unknown): void
  error(message: string, detail?: unknown): void
}

type Level = keyof Logger

/** A line sink: the console in the app, an array in tests. */
export type LogSink = (level: Level, line: string) => void

function describe(detail: unknown): string {
  if (detail === undefined) return ''
  if (detail instanceof Error) return ` ${detail.name}: ${detail.message}`
  try {
    return ` ${JSON.stringify(detail, redactingReplacer)}`
  } catch {
    return ` ${String(detail)}`
  }
}

/**
 * Creates a logger that removes every current secret, credential field and credential-looking
 * value from each line before writing it (logging/redact.ts). `secrets` is asked on every
 * write, so a key stored after start-up is redacted too.
 */
export function createLogger(sink: LogSink, secrets: () => readonly string[] = () => []): Logger {
  const write = (level: Level, message: string, detail?: unknown): void => {
    sink(level, redactText(`${message}${describe(detail)}`, secrets()))
  }
  return {
    info: (message, detail) => write('info', message, detail),
    warn: (message, detail) => write('warn', message, detail),
    error: (message, detail) => write('error', message, detail)
  }
}

/** Writes each line to every sink; one that throws (a full disk) does not stop the others. */
export function fanOut(...sinks: readonly LogSink[]): LogSink {
  return (level, line) => {
    for (const sink of sinks) {
      try {
        sink(level, line)
      } catch {
        // A log that cannot be written must never break what was being logged.
      }
    }
  }
}

/** The default sink: stderr-style console output with the level in front. */
export const consoleSink: LogSink = (level, line) => {
  const text = `[flipdrop] ${level}: ${line}`
  if (level === 'error') console.error(text)
  else if (level === 'warn') console.warn(text)
  else console.info(text)
}

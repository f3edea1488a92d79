import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import electronLog from 'electron-log/node'
import type { LogSink } from '../log'
import { redactText } from './redact'

/** The log file's size before it is rotated: the current file and one older one are kept. */
export const LOG_MAX_BYTES = 1024 * 1024

/** The folder "Show logs" opens: in the data folder, beside the queue and settings. */
export function logFolder(dataDir: string): string {
  return join(dataDir, 'logs')
}

/** The rotating log file of a data folder, shared by the app and the command. */
export interface LogFile {
  readonly path: string
  readonly folder: string
  /** Writes lines (already redacted by the logger) with the time, the level and who wrote them. */
  readonly sink: LogSink
  /** The last `count` lines, the rotated file's too when needed, redacted again with `secrets`. */
  lastLines(count: number, secrets?: readonly string[]): Promise<string[]>
}

/**
 * Opens the data folder's log through electron-log's file transport (its size rotation,
 * synchronous appends, so lines written just before a crash are on disk): `flipdrop.log`,
 * and `flipdrop.old.log` after rotation. Its console transport is off: the hosts print what
 * they choose. Lines arrive redacted; the file is readable by its owner only.
 */
export function openLogFile(dataDir: string, writer: 'app' | 'command'): LogFile {
  const folder = logFolder(dataDir)
  const path = join(folder, 'flipdrop.log')
  const logger = electronLog.create({ logId: `flipdrop:${path}` })
  logger.transports.console.level = false
  const file = logger.transports.file
  file.level = 'info'
  file.maxSize = LOG_MAX_BYTES
  file.resolvePathFn = () => path
  file.writeOptions = { flag: 'a', mode: 0o600, encoding: 'utf8' }
  file.format = `[{y}-{m}-{d} {h}:{i}:{s}.{ms}] [{level}] ${writer}: {text}`
  return {
    path,
    folder,
    sink: (level, line) => logger[level](line),
    async lastLines(count, secrets = []) {
      const read = (name: string): Promise<string[]> =>
        readFile(join(folder, name), 'utf8').then(
          (text) => text.split(/\r?\n/).filter((line) => line !== ''),
          () => []
        )
      let lines = await read('flipdrop.log')
      if (lines.length < count) lines = [...(await read('flipdrop.old.log')), ...lines]
      return lines.slice(-count).map((line) => redactText(line, secrets))
    }
  }
}

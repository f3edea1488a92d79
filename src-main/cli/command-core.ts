import { boot, type Booted } from '../core/boot'
import { createCore, environmentOverrides, type CoreConfig } from '../core/core'
import type { EventSink } from '../core/events'
import { openLogFile } from '../core/logging/log-file'
import { verboseLogging } from '../core/logging/log-level'
import type { CliContext } from './cli-context'

/** A core started for a command, and why it did not start (the start-up state keeps only a sentence). */
export interface CommandCore extends Booted {
  /** The error the core failed with (e.g. DataFolderInUseError), once it failed. */
  readonly failure: unknown
}

/**
 * Starts the core in this process for a command (it takes the data folder): no window, no
 * OS integration, errors of the core printed on stderr. Shared by the queue and links sessions.
 * With `runUploads: false` it takes no work from other commands (see core.ts); `account` (a
 * UserID) is current for this process only, never for the app; `keychain` is the command's own
 * (the one its account was chosen from).
 */
export function bootCommandCore(ctx: CliContext, options: Pick<CoreConfig, 'links' | 'runUploads' | 'account' | 'keychain'> & { emit: EventSink }): CommandCore {
  const { emit, ...extra } = options
  let failure: unknown
  const booted = boot(
    {
      role: 'command',
      ...extra,
      app: {
        info: { name: 'FlipDrop', version: 'command', platform: process.platform, versions: { electron: '', chrome: '', node: process.versions.node } },
        openUrl: async () => {},
        copyText: () => {}
      },
      userDataDir: ctx.dataDir,
      environment: environmentOverrides(ctx.env),
      emit,
      // Every line also goes to the data folder's log (issue 21); --verbose prints them all.
      logFile: openLogFile(ctx.dataDir, 'command', { onTrouble: (message) => ctx.warn(message) }),
      logSink: (level, line) => {
        // A failed start is the command's own error to report (or to recover from: the folder was taken).
        if ((level === 'error' && failure === undefined) || verboseLogging(ctx.env)) ctx.warn(`flipdrop: ${line}`)
      }
    },
    (config, log) =>
      createCore(config, log).catch((error: unknown) => {
        failure = error
        throw error
      })
  )
  return {
    ...booted,
    get failure() {
      return failure
    }
  }
}

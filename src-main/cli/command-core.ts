import { boot, type Booted } from '../core/boot'
import { environmentOverrides, type CoreConfig } from '../core/core'
import type { EventSink } from '../core/events'
import type { CliContext } from './cli-context'

/**
 * Starts the core in this process for a command (it takes the data folder): no window, no
 * OS integration, errors of the core printed on stderr. Shared by the queue and links sessions.
 */
export function bootCommandCore(ctx: CliContext, options: Pick<CoreConfig, 'links' | 'runUploads'> & { emit: EventSink }): Booted {
  const { emit, ...extra } = options
  return boot({
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
    logSink: (level, line) => {
      if (level === 'error') ctx.warn(`flipdrop: ${line}`)
    }
  })
}

import { contract } from '../../src-shared/contract'
import { createAppService, type AppService } from './app/app-service'
import { createCore, type Core, type CoreConfig } from './core'
import { consoleSink, createLogger, fanOut, type Logger } from './log'
import { createStartup, type Startup } from './startup'

/** FlipDrop's main side, started: the `app` area at once, the core when it is ready. */
export interface Booted {
  app: AppService
  startup: Startup<Core>
  log: Logger
  close(): Promise<void>
  /** Starts the core again after close() (queue, journal, data-folder lock); rejects when it could not. */
  reopen(): Promise<void>
}

/**
 * Starts the core in the background and returns at once, so the window can open and
 * show the start-up state while settings and the keychain are read; a failed start can
 * be retried from the window.
 */
export function boot(config: CoreConfig, start: (config: CoreConfig, log: Logger) => Promise<Core> = createCore): Booted {
  const emit = config.emit ?? (() => {})
  // The logger exists before the core, and asks it for the key to redact once it does.
  const hostSink = config.logSink ?? consoleSink
  const log = createLogger(config.logFile ? fanOut(hostSink, config.logFile.sink) : hostSink, () => startup.current?.auth.secrets() ?? [])
  const startup: Startup<Core> = createStartup(
    () => start(config, log),
    (state) => {
      if (state.phase === 'failed') log.error(`FlipDrop could not start: ${state.message ?? ''}`)
      emit(contract.app.startupChanged, state)
    }
  )
  return {
    app: createAppService(config.app, startup, config.firstPaint),
    startup,
    log,
    async close() {
      await startup.current?.close()
    },
    async reopen() {
      const state = await startup.reopen()
      if (state.phase !== 'ready') throw new Error(`FlipDrop could not reopen: ${state.message ?? 'an unknown error'}`)
    }
  }
}

import { createAppService, type AppHost, type AppService } from './app/app-service'
import { consoleSink, createLogger, type LogSink, type Logger } from './log'

/** Everything the core needs from whoever hosts it (Electron main, or the e2e test host). */
export interface CoreConfig {
  app: AppHost
  logSink?: LogSink
}

/** The running core: one service per contract area, plus its logger. */
export interface Core {
  app: AppService
  log: Logger
}

/**
 * The one composition root, shared by Electron and the test host, so the e2e tests drive
 * exactly the code the app runs.
 */
export function createCore(config: CoreConfig): Core {
  const log = createLogger(config.logSink ?? consoleSink)
  return {
    app: createAppService(config.app),
    log
  }
}

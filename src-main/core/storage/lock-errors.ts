import type { Said, Sentence } from '../../../src-shared/i18n/said'
import { sentence } from '../i18n/sentence'
/** Another live process (or another lock object in this one, or FlipDrop on another machine) holds the data folder. */
export class DataFolderInUseError extends Error {
  override readonly name: string = 'DataFolderInUseError'
  readonly pid: number
  /** The machine holding it, when it is not this one. */
  readonly host: string | null
  /** What the window says of it in its language (the start-up failure page). */
  readonly said: Said

  constructor(pid: number, options: { sameProcess?: boolean; message?: Sentence; host?: string } = {}) {
    // The process number is an identifier, never grouped as a count.
    const said = options.message ?? sentence(options.sameProcess ? 'coreApp.dataFolder.inUseHere' : 'coreApp.dataFolder.inUse', { pid: String(pid) })
    super(said.text)
    this.said = said.said
    this.pid = pid
    this.host = options.host ?? null
  }
}

/**
 * The folder is shared with another machine (a network or synced folder) whose FlipDrop
 * holds it. Never taken over automatically: from here nobody can tell whether it still runs.
 */
export class DataFolderHeldElsewhereError extends DataFolderInUseError {
  override readonly name = 'DataFolderHeldElsewhereError'

  constructor(pid: number, host: string, lockPath: string) {
    super(pid, {
      host,
      message: sentence('coreApp.dataFolder.heldElsewhere', { host, pid: String(pid), lockPath })
    })
  }
}

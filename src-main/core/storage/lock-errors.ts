/** Another live process (or another lock object in this one, or FlipDrop on another machine) holds the data folder. */
export class DataFolderInUseError extends Error {
  override readonly name: string = 'DataFolderInUseError'
  readonly pid: number
  /** The machine holding it, when it is not this one. */
  readonly host: string | null

  constructor(pid: number, options: { sameProcess?: boolean; message?: string; host?: string } = {}) {
    super(
      options.message ??
        (options.sameProcess
          ? `This FlipDrop (process ${pid}) is already using this data folder.`
          : `Another FlipDrop (process ${pid}) is using this data folder. Close it, or wait for it to finish.`)
    )
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
      message: `FlipDrop on “${host}” (process ${pid}) is using this data folder. Quit FlipDrop there; if that machine is gone, delete ${lockPath} and try again.`
    })
  }
}

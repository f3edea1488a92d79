import { readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { PersistedState } from './types'

/**
 * Keeps the state in `<dataDir>/state.json`, written by write-then-rename so a crash never
 * leaves half a file. Saves are coalesced: at most one write runs, and one more is queued.
 */
export class StatePersistence {
  private readonly file: string
  private running: Promise<void> | undefined
  private queued = false

  constructor(
    dataDir: string,
    private readonly snapshot: () => PersistedState,
    private readonly log: (line: string) => void
  ) {
    this.file = join(dataDir, 'state.json')
  }

  /** Reads the saved state, or undefined when there is none yet. */
  async load(): Promise<PersistedState | undefined> {
    let text: string
    try {
      text = await readFile(this.file, 'utf8')
    } catch {
      return undefined
    }
    const parsed = JSON.parse(text) as PersistedState
    if (parsed.version !== 1) throw new Error(`Unsupported emulator state version in ${this.file}`)
    return parsed
  }

  /** Asks for a save soon; many calls in a burst cost one or two writes. */
  schedule(): void {
    if (this.running) {
      this.queued = true
      return
    }
    this.running = this.writeLoop()
  }

  /** Resolves when every requested save is on disk. */
  async flush(): Promise<void> {
    while (this.running) await this.running
  }

  private async writeLoop(): Promise<void> {
    try {
      do {
        this.queued = false
        const tmp = `${this.file}.${process.pid}.tmp`
        await writeFile(tmp, JSON.stringify(this.snapshot()))
        await rename(tmp, this.file)
      } while (this.queued)
    } catch (err) {
      this.log(`emulator: could not save state: ${String(err)}`)
    } finally {
      this.running = undefined
    }
  }
}

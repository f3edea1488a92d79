import { randomBytes } from 'node:crypto'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'

/** Stored PDFs on disk: uploads land in tmp/ and are renamed into files/ once accepted. */
export class FileStore {
  readonly filesDir: string
  readonly tmpDir: string

  constructor(readonly root: string) {
    this.filesDir = join(root, 'files')
    this.tmpDir = join(root, 'tmp')
  }

  /** Creates the directories; removes leftovers of interrupted uploads. */
  async init(): Promise<void> {
    await rm(this.tmpDir, { recursive: true, force: true })
    await mkdir(this.filesDir, { recursive: true })
    await mkdir(this.tmpDir, { recursive: true })
  }

  /** A fresh path in tmp/ for a file being received. */
  tempPath(): string {
    return join(this.tmpDir, `${randomBytes(8).toString('hex')}.part`)
  }

  /** Moves a received temp file into the store and returns its new file id. */
  async adopt(tempPath: string): Promise<string> {
    const id = randomBytes(9).toString('base64url')
    await rename(tempPath, this.pathOf(id))
    return id
  }

  /** Path on disk of a stored file id. */
  pathOf(fileId: string): string {
    return join(this.filesDir, `${fileId}.pdf`)
  }

  /** Size in bytes of a stored file, or undefined when it does not exist. */
  async sizeOf(fileId: string): Promise<number | undefined> {
    if (!/^[\w-]+$/.test(fileId)) return undefined
    try {
      const s = await stat(this.pathOf(fileId))
      return s.isFile() ? s.size : undefined
    } catch {
      return undefined
    }
  }

  /** Deletes every stored and temp file (admin reset). */
  async clear(): Promise<void> {
    await rm(this.filesDir, { recursive: true, force: true })
    await this.init()
  }
}

/** Deletes a temp file, ignoring one that is already gone. */
export async function discard(path: string): Promise<void> {
  await rm(path, { force: true })
}

import { mkdir, readFile, rm, rmdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { accountFolder, adoptFile } from '../storage/account-folder'
import { writeFileDurably } from '../storage/durable-file'

/** The text as JSON, or null when it is not JSON (a damaged file is as good as none). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

/** Where an account's file of this name lives: `accounts/<account>/<name>` in the data folder. */
export function accountFilePath(directory: string, userId: string, name: string): string {
  return join(directory, 'accounts', accountFolder(userId), name)
}

/**
 * One kind of file kept per account (`accounts/<account>/<name>`), private to the user and
 * written durably. The file of the single-account layout (`<name>` in the data folder, which
 * names its `userId`) becomes its account's the first time that account's file is used.
 */
export interface AccountFiles {
  /** The account's file as text; null when it has none (or it cannot be read). */
  read(userId: string): Promise<string | null>
  /** Replaces the account's file: after a crash it holds the old text or the new, never a mix. */
  write(userId: string, text: string): Promise<void>
  /** Deletes the account's file (and its folder once empty); the other accounts' stay. */
  forget(userId: string): Promise<void>
}

export function createAccountFiles(directory: string, name: string): AccountFiles {
  const legacyPath = join(directory, name)
  const pathOf = (userId: string): string => accountFilePath(directory, userId, name)
  let legacyOwner: Promise<string | null> | undefined
  let adoption: Promise<void> | undefined
  /** Each account's writes and forgets, one at a time: a forget waits for a write under way, never races it. */
  const turns = new Map<string, Promise<void>>()
  function inTurn(userId: string, change: () => Promise<void>): Promise<void> {
    const next = (turns.get(userId) ?? Promise.resolve()).then(change)
    const settled = next.catch(() => undefined)
    turns.set(userId, settled)
    void settled.then(() => turns.get(userId) === settled && turns.delete(userId))
    return next
  }

  /** Whose the legacy file is, read once (it is adopted or deleted afterwards). */
  function ownerOfLegacy(): Promise<string | null> {
    legacyOwner ??= readFile(legacyPath, 'utf8').then(
      (text) => {
        const file = parseJson(text)
        const owner = typeof file === 'object' && file !== null ? (file as { userId?: unknown }).userId : null
        return typeof owner === 'string' && owner !== '' ? owner : null
      },
      () => null
    )
    return legacyOwner
  }

  async function adopt(userId: string): Promise<void> {
    if ((await ownerOfLegacy()) !== userId) return
    adoption ??= (async () => {
      try {
        // The account has a file of its own already: that one is newer, the legacy one outdated.
        if (!(await adoptFile(legacyPath, pathOf(userId)))) await rm(legacyPath, { force: true })
      } catch {
        // Left where it is: the account's next answers write its own file.
      }
    })()
    await adoption
  }

  return {
    async read(userId) {
      await adopt(userId)
      try {
        return await readFile(pathOf(userId), 'utf8')
      } catch {
        return null
      }
    },
    write(userId, text) {
      return inTurn(userId, async () => {
        await adopt(userId)
        const path = pathOf(userId)
        await mkdir(dirname(path), { recursive: true, mode: 0o700 })
        await writeFileDurably(path, text, { mode: 0o600 })
      })
    },
    forget(userId) {
      return inTurn(userId, async () => {
        await rm(pathOf(userId), { force: true })
        if ((await ownerOfLegacy()) === userId) await rm(legacyPath, { force: true })
        // The folder goes with the account's last file (its other kinds may still be there).
        await rmdir(dirname(pathOf(userId))).catch(() => undefined)
      })
    }
  }
}

import type { Said } from '../../../src-shared/i18n/said'
import { sentence } from '../i18n/sentence'
import { noticeOf, type Notice } from '../i18n/notice'
import { readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { settingsPatchSchema, settingsSchema, type Settings, type SettingsPatch } from '../../../src-shared/domain/settings'
import type { Logger } from '../log'
import { writeFileDurably } from '../storage/durable-file'

/** The settings file, validated on read and written durably (a crash or power cut never leaves half a file, nor loses a saved change). */
export interface SettingsStore {
  get(): Settings
  /** Validates and applies a change; throws the zod error for invalid input. */
  update(patch: SettingsPatch): Promise<Settings>
  /** What the person must be told about the settings file (it could not be read, defaults are in use), or null. */
  readonly notice: string | null
  /** The same notice as the window says it (its whole sentences), or null. */
  readonly noticeSaid: Said[] | null
}

export interface SettingsStoreOptions {
  /**
   * Set a broken file aside (`settings.broken-<time>.json`) so the next save cannot overwrite
   * it: only the process holding the data folder does; others leave it and say so.
   */
  keepAside?: boolean
}

/** The name a broken settings file is kept under; no colons (Windows). */
function asideName(now: Date): string {
  return `settings.broken-${now.toISOString().replace(/[:.]/g, '-')}.json`
}

function brokenNotice(why: 'unreadable' | 'invalid', keptAs: string | null): Notice {
  return noticeOf(
    sentence(why === 'unreadable' ? 'coreQueue.notices.settingsUnreadable' : 'coreQueue.notices.settingsInvalid'),
    keptAs === null ? sentence('coreQueue.notices.settingsLeft') : sentence('coreQueue.notices.settingsKeptAs', { file: keptAs })
  )
}

/**
 * Loads `settings.json` from the user-data folder; a missing file gives the defaults. A broken
 * one is never silently replaced: the defaults are used, the file is set aside (see
 * keepAside), and `notice` says so, also in the log as an error (the command prints those).
 */
export async function openSettingsStore(directory: string, log: Logger, options: SettingsStoreOptions = {}): Promise<SettingsStore> {
  const path = join(directory, 'settings.json')
  let current = settingsSchema.parse({})
  let broken: 'unreadable' | 'invalid' | null = null
  let detail: unknown
  try {
    const parsed = settingsSchema.safeParse(JSON.parse(await readFile(path, 'utf8')))
    if (parsed.success) current = parsed.data
    else {
      broken = 'invalid'
      detail = parsed.error.issues[0]?.message
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      broken = 'unreadable'
      detail = error
    }
  }
  let notice: Notice | null = null
  if (broken !== null) {
    let keptAs: string | null = null
    if (options.keepAside) {
      const name = asideName(new Date())
      // Kept where it was when it cannot be moved (a read-only folder): then it is said so.
      keptAs = await rename(path, join(directory, name)).then(
        () => name,
        () => null
      )
    }
    notice = brokenNotice(broken, keptAs)
    log.error(notice.text)
    // What exactly is wrong is for the log, not for the person.
    log.info('The settings file could not be used', detail instanceof Error ? detail.message : detail)
  }
  // One change at a time: each is applied to what the one before kept. Two changes in the same
  // moment (a select, then a switch) would otherwise both start from the old values, and the
  // later write would take the earlier change back.
  let applying: Promise<unknown> = Promise.resolve()
  return {
    get: () => current,
    notice: notice?.text ?? null,
    noticeSaid: notice?.said ?? null,
    async update(patch) {
      const change = settingsPatchSchema.parse(patch)
      const applied = applying.then(async () => {
        const next = settingsSchema.parse({ ...current, ...change })
        await writeFileDurably(path, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 })
        current = next
        return next
      })
      applying = applied.catch(() => undefined)
      return applied
    }
  }
}

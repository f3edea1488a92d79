import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { settingsPatchSchema, settingsSchema, type Settings, type SettingsPatch } from '../../../src-shared/domain/settings'
import type { Logger } from '../log'
import { writeFileDurably } from '../storage/durable-file'

/** The settings file, validated on read and written durably (a crash or power cut never leaves half a file, nor loses a saved change). */
export interface SettingsStore {
  get(): Settings
  /** Validates and applies a change; throws the zod error for invalid input. */
  update(patch: SettingsPatch): Promise<Settings>
}

/** Loads `settings.json` from the user-data folder; a missing or broken file gives the defaults. */
export async function openSettingsStore(directory: string, log: Logger): Promise<SettingsStore> {
  const path = join(directory, 'settings.json')
  let current = settingsSchema.parse({})
  try {
    const parsed = settingsSchema.safeParse(JSON.parse(await readFile(path, 'utf8')))
    if (parsed.success) current = parsed.data
    else log.warn(`Settings file ${path} has invalid values; using defaults`, parsed.error.issues[0]?.message)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log.warn(`Settings file ${path} is unreadable; using defaults`, error)
  }
  return {
    get: () => current,
    async update(patch) {
      const change = settingsPatchSchema.parse(patch)
      const next = settingsSchema.parse({ ...current, ...change })
      await writeFileDurably(path, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 })
      current = next
      return next
    }
  }
}

import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/*
 * Which version of the installed app last ran on this data folder, and from which AppImage.
 * The `flipdrop` command of an AppImage is an extracted copy (README, "The command on the
 * PATH") that the app's own updates do not replace; reading this, it can tell that it is out
 * of date instead of passing for current. Only Node's fs here: the command reads it before
 * loading anything else (record-app-install.ts writes it).
 */

/** In the data folder, beside settings.json. */
export const APP_INSTALL_FILE = 'app-install.json'

export interface AppInstall {
  version: string
  /** The AppImage the app runs from (its APPIMAGE); null for every other package. */
  appImage: string | null
}

/** What the app last recorded; null when nothing (or nothing readable) is there. Sync: the command reads it at once. */
export function readAppInstall(dataDir: string): AppInstall | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(dataDir, APP_INSTALL_FILE), 'utf8'))
    if (typeof parsed !== 'object' || parsed === null) return null
    const { version, appImage } = parsed as Record<string, unknown>
    if (typeof version !== 'string') return null
    return { version, appImage: typeof appImage === 'string' && appImage !== '' ? appImage : null }
  } catch {
    return null
  }
}

/** The numbers of `1.2.3` (a pre-release tag ignored); null when it is not a version. */
function numbers(version: string): number[] | null {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version.trim())
  return match ? match.slice(1).map(Number) : null
}

/** Whether `a` is a later version than `b` (major, minor, patch); false when either is unreadable. */
export function isLaterVersion(a: string, b: string): boolean {
  const left = numbers(a)
  const right = numbers(b)
  if (!left || !right) return false
  for (let index = 0; index < 3; index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0)
    if (difference !== 0) return difference > 0
  }
  return false
}

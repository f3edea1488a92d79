import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { proxyPasswordIn, withoutProxyPassword } from '../../../src-shared/domain/settings'
import type { Logger } from '../log'
import { writeFileDurably } from '../storage/durable-file'
import type { ProxyPasswords } from './proxy-password'

/** The raw settings file when it parses as an object; null when it is missing or broken (the store says so). */
async function readRaw(directory: string): Promise<Record<string, unknown> | null> {
  try {
    const raw: unknown = JSON.parse(await readFile(join(directory, 'settings.json'), 'utf8'))
    return raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** A proxy password still written in `settings.json` by an older version ('' when none): the command's stand-in until the app moves it. */
export async function legacyProxyPassword(directory: string): Promise<string> {
  const proxyUrl = (await readRaw(directory))?.['proxyUrl']
  return typeof proxyUrl === 'string' ? proxyPasswordIn(proxyUrl.trim()) : ''
}

/**
 * Moves a proxy password that an older version wrote into `settings.json`
 * (`http://user:pass@host`) to the keychain, then rewrites the file without it. In that
 * order, so a crash in between leaves the password in both places, never in neither; the
 * next start finishes the move. When the keychain cannot take it, the file stays as it is
 * (the settings read it without the password) and the next start tries again.
 * Runs only in the process holding the data folder's lock.
 */
export async function moveProxyPasswordToKeychain(directory: string, passwords: ProxyPasswords, log: Logger): Promise<void> {
  const raw = await readRaw(directory)
  const proxyUrl = raw?.['proxyUrl']
  if (!raw || typeof proxyUrl !== 'string') return
  const password = proxyPasswordIn(proxyUrl.trim())
  if (password === '') return
  try {
    await passwords.set(password)
  } catch (error) {
    log.warn('Could not move the proxy’s password from the settings file to the keychain; will try again at the next start', error)
    return
  }
  const next = { ...raw, proxyUrl: withoutProxyPassword(proxyUrl.trim()) }
  try {
    await writeFileDurably(join(directory, 'settings.json'), `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 })
    log.info('Moved the proxy’s password from the settings file to the keychain')
  } catch (error) {
    // The keychain has it already; the file loses it at the next start (or the next change).
    log.warn('Could not rewrite the settings file without the proxy’s password', error)
  }
}

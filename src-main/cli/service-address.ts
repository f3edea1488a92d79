import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DEFAULT_BASE_URL } from '../../src-shared/domain/settings'

/** Where the command sends its requests, and what sets it: the variable, the app's settings, or the default. */
export interface ServiceAddress {
  url: string
  /** `FLIPDROP_BASE_URL`, or where the address came from when the variable is not set. */
  setBy: 'FLIPDROP_BASE_URL' | 'settings' | 'default'
  /** FLIPDROP_DOCUMENT_URL, when set (documents go there). */
  documentUrl: string | null
}

/** The address in the app's settings file, when it has one (read once, only to name it in an error). */
function storedAddress(dataDir: string): string | null {
  try {
    const stored: unknown = JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8'))
    if (typeof stored !== 'object' || stored === null || !('baseUrl' in stored)) return null
    return typeof stored.baseUrl === 'string' && stored.baseUrl !== '' ? stored.baseUrl : null
  } catch {
    return null
  }
}

/** The service address in force, as the core picks it (the variable wins over the settings). */
export function serviceAddress(env: NodeJS.ProcessEnv, dataDir: string): ServiceAddress {
  const documentUrl = env['FLIPDROP_DOCUMENT_URL']?.trim() || null
  const fromEnv = env['FLIPDROP_BASE_URL']?.trim()
  if (fromEnv) return { url: fromEnv, setBy: 'FLIPDROP_BASE_URL', documentUrl }
  const stored = storedAddress(dataDir)
  return stored ? { url: stored, setBy: 'settings', documentUrl } : { url: DEFAULT_BASE_URL, setBy: 'default', documentUrl }
}

/** What to change when the address is wrong, said for a terminal. */
export function addressFix(address: ServiceAddress): string {
  const documents = address.documentUrl ? ` (documents: ${address.documentUrl}, FLIPDROP_DOCUMENT_URL)` : ''
  switch (address.setBy) {
    case 'FLIPDROP_BASE_URL':
      return `The address comes from FLIPDROP_BASE_URL${documents}: check it, and your network.`
    case 'settings':
      return `The address comes from the FlipDrop app's settings${documents}: set FLIPDROP_BASE_URL to use another, or check your network.`
    default:
      return `Check your network, or set FLIPDROP_BASE_URL if the service is elsewhere${documents}.`
  }
}

/** Where the API key in use came from, said for a terminal, and how to give another. */
export function keySource(env: NodeJS.ProcessEnv): { from: string; fix: string } {
  if (env['FLIPDROP_API_KEY']?.trim()) return { from: 'FLIPDROP_API_KEY', fix: 'Set FLIPDROP_API_KEY to a valid key.' }
  return {
    from: 'your keychain (saved by the FlipDrop app or flipdrop auth login)',
    fix: 'Run flipdrop auth login with a valid key, or set FLIPDROP_API_KEY.'
  }
}

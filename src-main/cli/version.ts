import { readFileSync } from 'node:fs'

/**
 * flipdrop's version, from package.json: two folders up both from the source
 * (src-main/cli/) and from the build (out/main/), read only when asked.
 */
export function version(): string {
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8')
  const parsed: unknown = JSON.parse(text)
  const value = typeof parsed === 'object' && parsed !== null && 'version' in parsed ? parsed.version : undefined
  return typeof value === 'string' ? value : 'unknown'
}

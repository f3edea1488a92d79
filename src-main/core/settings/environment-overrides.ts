import { timeoutScaleOf } from '../api/client-timeouts'
import type { EnvironmentOverrides } from './effective-settings'

/**
 * Reads FLIPDROP_* overrides from an environment (documented in the README). Its own file, so
 * the command can read them without loading the whole core (core.ts re-exports it).
 */
export function environmentOverrides(env: NodeJS.ProcessEnv): EnvironmentOverrides {
  const overrides: EnvironmentOverrides = {}
  if (env['FLIPDROP_API_KEY']?.trim()) overrides.apiKey = env['FLIPDROP_API_KEY'].trim()
  const more = (env['FLIPDROP_DEMO_MORE_API_KEYS'] ?? '').split(',').map((key) => key.trim()).filter((key) => key !== '')
  if (overrides.apiKey && more.length > 0) overrides.demoMoreApiKeys = more
  if (env['FLIPDROP_BASE_URL']?.trim()) overrides.baseUrl = env['FLIPDROP_BASE_URL'].trim().replace(/\/+$/, '')
  if (env['FLIPDROP_DOCUMENT_URL']?.trim()) overrides.documentUrl = env['FLIPDROP_DOCUMENT_URL'].trim().replace(/\/+$/, '')
  const scale = timeoutScaleOf(env['FLIPDROP_TIMEOUT_SCALE'])
  if (scale !== undefined) overrides.timeoutScale = scale
  return overrides
}

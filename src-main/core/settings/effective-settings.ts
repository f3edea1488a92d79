import type { Settings } from '../../../src-shared/domain/settings'

/** Values from FLIPDROP_API_KEY, FLIPDROP_BASE_URL and FLIPDROP_DOCUMENT_URL, which win over stored ones. */
export interface EnvironmentOverrides {
  apiKey?: string
  /**
   * FLIPDROP_DEMO_MORE_API_KEYS, set only by `npm run demo` for Electron: the keys of the demo's
   * other accounts beside FLIPDROP_API_KEY, held for this run and never stored (the demo must not
   * touch the real keychain). Ignored without FLIPDROP_API_KEY.
   */
  demoMoreApiKeys?: string[]
  baseUrl?: string
  documentUrl?: string
  /** FLIPDROP_TIMEOUT_SCALE: multiplies the service client's timeouts (a very slow link; tests at test speed). */
  timeoutScale?: number
}

/** The settings in force: the stored ones, with the environment's addresses winning. */
export function effectiveSettings(stored: Settings, environment: EnvironmentOverrides): Settings {
  return {
    ...stored,
    baseUrl: environment.baseUrl || stored.baseUrl,
    documentUrl: environment.documentUrl || stored.documentUrl
  }
}

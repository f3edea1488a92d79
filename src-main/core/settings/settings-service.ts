import { contract } from '../../../src-shared/contract'
import type { SettingsView } from '../../../src-shared/domain/settings'
import type { HandlersOf } from '../area-handlers'
import type { EventSink } from '../events'
import { effectiveSettings, type EnvironmentOverrides } from './effective-settings'
import type { ProxyPasswords } from './proxy-password'
import type { SettingsStore } from './settings-store'

/** The `settings` area of the core: the effective values, and changes that take effect at once. */
export type SettingsService = HandlersOf<'settings'>

/** The proxy's password in the keychain, and whether one was there at start. */
export interface ProxyPasswordState {
  passwords: ProxyPasswords
  set: boolean
}

export function createSettingsService(
  store: SettingsStore,
  environment: EnvironmentOverrides,
  emit: EventSink,
  applied: () => void,
  proxy: ProxyPasswordState = { passwords: { get: async () => null, set: async () => {}, remove: async () => false }, set: false }
): SettingsService {
  let proxyPasswordSet = proxy.set
  const view = (): SettingsView => {
    const values = store.get()
    return {
      // The environment wins, and the form shows what is really in use.
      values: effectiveSettings(values, environment),
      fromEnvironment: {
        baseUrl: Boolean(environment.baseUrl),
        documentUrl: Boolean(environment.documentUrl),
        apiKey: Boolean(environment.apiKey)
      },
      proxyPasswordSet
    }
  }
  const changed = (): SettingsView => {
    applied()
    const next = view()
    emit(contract.settings.changed, next)
    return next
  }
  return {
    get: view,
    async update(patch) {
      await store.update(patch)
      return changed()
    },
    async setProxyPassword({ password }) {
      if (password === null) await proxy.passwords.remove()
      else await proxy.passwords.set(password)
      proxyPasswordSet = password !== null
      return changed()
    }
  }
}

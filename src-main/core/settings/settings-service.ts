import { contract } from '../../../src-shared/contract'
import type { SettingsView } from '../../../src-shared/domain/settings'
import type { HandlersOf } from '../area-handlers'
import type { EventSink } from '../events'
import { effectiveSettings, type EnvironmentOverrides } from './effective-settings'
import type { SettingsStore } from './settings-store'

/** The `settings` area of the core: the effective values, and changes that take effect at once. */
export type SettingsService = HandlersOf<'settings'>

export function createSettingsService(
  store: SettingsStore,
  environment: EnvironmentOverrides,
  emit: EventSink,
  applied: () => void
): SettingsService {
  const view = (): SettingsView => {
    const values = store.get()
    return {
      // The environment wins, and the form shows what is really in use.
      values: effectiveSettings(values, environment),
      fromEnvironment: {
        baseUrl: Boolean(environment.baseUrl),
        documentUrl: Boolean(environment.documentUrl),
        apiKey: Boolean(environment.apiKey)
      }
    }
  }
  return {
    get: view,
    async update(patch) {
      await store.update(patch)
      applied()
      const next = view()
      emit(contract.settings.changed, next)
      return next
    }
  }
}

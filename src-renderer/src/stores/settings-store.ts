import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { BridgeError } from '../../../src-shared/contract/errors'
import type { SettingsPatch, SettingsView } from '../../../src-shared/domain/settings'
import { bridge } from '../bridge'

/** The user's settings as main holds them, and which ones the environment overrides. */
export const useSettingsStore = defineStore('settings', () => {
  const view = ref<SettingsView | null>(null)
  const error = ref<BridgeError | null>(null)

  async function load(): Promise<void> {
    const reply = await bridge().settings.get()
    if (reply.ok) view.value = reply.value
    else error.value = reply.error
  }

  function follow(): () => void {
    return bridge().settings.onChanged((next) => {
      view.value = next
    })
  }

  /** Saves a change; returns main's refusal, if any. */
  async function save(patch: SettingsPatch): Promise<BridgeError | null> {
    const reply = await bridge().settings.update(patch)
    if (!reply.ok) return reply.error
    view.value = reply.value
    return null
  }

  /** Keeps the proxy's password in the keychain (null removes it); main answers only whether one is set. */
  async function setProxyPassword(password: string | null): Promise<BridgeError | null> {
    const reply = await bridge().settings.setProxyPassword({ password })
    if (!reply.ok) return reply.error
    view.value = reply.value
    return null
  }

  return { view, error, load, follow, save, setProxyPassword }
})

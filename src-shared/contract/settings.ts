import { z } from 'zod'
import { proxyPasswordSchema, settingsPatchSchema, type SettingsView } from '../domain/settings'
import { event, invoke } from './define'

/** The `settings` area: read and change the user's settings, validated by the shared schema. */
export const settings = {
  get: invoke<SettingsView>()('settings:get', z.undefined()),
  update: invoke<SettingsView>()('settings:update', settingsPatchSchema),
  /** Write-only: keeps the proxy's password in the keychain (null removes it); the answer says only whether one is set. */
  setProxyPassword: invoke<SettingsView>()('settings:setProxyPassword', proxyPasswordSchema),
  changed: event<SettingsView>()('settings:changed')
}

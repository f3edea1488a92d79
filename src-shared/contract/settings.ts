import { z } from 'zod'
import { settingsPatchSchema, type SettingsView } from '../domain/settings'
import { event, invoke } from './define'

/** The `settings` area: read and change the user's settings, validated by the shared schema. */
export const settings = {
  get: invoke<SettingsView>()('settings:get', z.undefined()),
  update: invoke<SettingsView>()('settings:update', settingsPatchSchema),
  changed: event<SettingsView>()('settings:changed')
}

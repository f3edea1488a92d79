import type { View } from '../../src-shared/domain/views'

/** The views' titles in English, as the tests (which run in English) expect them; the app's come from the catalogs. */
export const VIEW_TITLES: Record<View, string> = {
  publish: 'Publish',
  library: 'Library',
  watched: 'Watched folders',
  account: 'Account',
  settings: 'Settings'
}

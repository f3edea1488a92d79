/** The app's top-level views, in navigation order. */
export const VIEWS = ['publish', 'library', 'watched', 'account', 'settings'] as const

export type View = (typeof VIEWS)[number]

/** Human titles of the views, used by the navigation and the application menu. */
export const VIEW_TITLES: Record<View, string> = {
  publish: 'Publish',
  library: 'Library',
  watched: 'Watched folders',
  account: 'Account',
  settings: 'Settings'
}

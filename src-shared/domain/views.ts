/** The app's top-level views, in navigation order. */
export const VIEWS = ['publish', 'library', 'watched', 'account', 'settings'] as const

export type View = (typeof VIEWS)[number]

/** Where FlipDrop's own update stands, as Settings shows it. */
export type UpdatePhase = 'idle' | 'checking' | 'up-to-date' | 'downloading' | 'ready' | 'failed'

export interface UpdateView {
  /** The running version. */
  currentVersion: string
  /**
   * Whether this copy can update itself: an installed build with an update feed. False in
   * development, the demo and the browser, where Settings shows no "Check for updates".
   */
  available: boolean
  phase: UpdatePhase
  /** The version found (downloading or ready); null otherwise. */
  version: string | null
  /** 0..100 while downloading, when known. */
  percent: number | null
  /** Ready, but uploads run: "Restart to update" waits until they are done. */
  waitingForUploads: boolean
  /** When the last check finished (ISO), or null before any. */
  checkedAt: string | null
}

/** A copy that cannot update itself (development, the demo, the test host). */
export function updatesUnavailable(currentVersion: string): UpdateView {
  return { currentVersion, available: false, phase: 'idle', version: null, percent: null, waitingForUploads: false, checkedAt: null }
}

/**
 * Where FlipDrop's own update stands, as Settings shows it. `installing`: "Restart to update"
 * was chosen and the queue is closed while the installer runs. `download-available`: a newer
 * version exists that this copy cannot install itself (an unsigned macOS build): the designer
 * downloads it from the release page.
 */
export type UpdatePhase = 'idle' | 'checking' | 'up-to-date' | 'downloading' | 'ready' | 'installing' | 'download-available' | 'failed'

/**
 * Why "Restart to update" did not install: the administrator password was not given (the deb's
 * prompt cancelled), FlipDrop's own files could not be replaced (an AppImage in a folder that
 * cannot be written), or another reason (the log says which).
 */
export type InstallFailure = 'password-not-given' | 'cannot-replace' | 'other'

export interface UpdateView {
  /** The running version. */
  currentVersion: string
  /**
   * Whether this copy can update itself: an installed build with an update feed. False in
   * development, the demo and the browser, where Settings shows no "Check for updates".
   */
  available: boolean
  phase: UpdatePhase
  /** The version found (downloading, ready, installing or to download); null otherwise. */
  version: string | null
  /** 0..100 while downloading, when known. */
  percent: number | null
  /** Ready, but uploads run: "Restart to update" waits until they are done. */
  waitingForUploads: boolean
  /** When the last check finished (ISO), or null before any. */
  checkedAt: string | null
  /** With `download-available`: the release page "Download the new version" opens (https). */
  downloadUrl: string | null
  /** The last "Restart to update" did not install (FlipDrop runs on, nothing lost); null otherwise. */
  installFailure: InstallFailure | null
}

/** A copy that cannot update itself (development, the demo, the test host). */
export function updatesUnavailable(currentVersion: string): UpdateView {
  return {
    currentVersion,
    available: false,
    phase: 'idle',
    version: null,
    percent: null,
    waitingForUploads: false,
    checkedAt: null,
    downloadUrl: null,
    installFailure: null
  }
}

import type { App } from 'electron'

/** What a second launch passed: its command line and the directory it was started in. */
export interface SecondLaunch {
  argv: readonly string[]
  workingDirectory: string
}

/**
 * Keeps FlipDrop to one running copy: a second launch hands its command line to the
 * first (which shows its window and opens the files named there) and quits.
 * Returns false when this process is the second copy and should exit.
 */
export function claimSingleInstance(app: App, onSecondLaunch: (launch: SecondLaunch) => void): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return false
  }
  app.on('second-instance', (_event, argv, workingDirectory) => {
    onSecondLaunch({ argv, workingDirectory })
  })
  return true
}

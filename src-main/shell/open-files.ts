import { statSync } from 'node:fs'
import type { App } from 'electron'
import { OpenedPathsInbox, pathsFromArgv, type LaunchArgs } from './opened-paths'
import type { SecondLaunch } from './single-instance'

/** Whether a path is an existing regular file (links followed). */
export function isExistingFile(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/**
 * PDFs opened with FlipDrop, from everywhere the OS sends them, into one inbox:
 * - macOS: `open-file`, for "Open With", a double click when FlipDrop is chosen, and files
 *   dropped on the Dock icon, also while the app is starting; listened to before `ready`.
 * - Windows and Linux: the command line of the first launch, and that of every later
 *   launch, which the single-instance lock hands over (paths relative to its directory).
 * `revealed` shows the window (once the app is ready; the first window opens by itself).
 */
export function collectOpenedFiles(
  app: App,
  launch: LaunchArgs,
  revealed: () => void,
  isFile: (path: string) => boolean = isExistingFile
): { inbox: OpenedPathsInbox; secondLaunch: (launch: SecondLaunch) => void } {
  const inbox = new OpenedPathsInbox()
  app.on('open-file', (event, path) => {
    event.preventDefault()
    inbox.add([path])
    if (app.isReady()) revealed()
  })
  inbox.add(pathsFromArgv(launch, isFile))
  return {
    inbox,
    secondLaunch: ({ argv, workingDirectory }) => {
      revealed()
      inbox.add(pathsFromArgv({ argv, cwd: workingDirectory, defaultApp: launch.defaultApp }, isFile))
    }
  }
}

import { isAbsolute, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** A command line as a launch saw it. */
export interface LaunchArgs {
  argv: readonly string[]
  /** The directory relative paths are relative to (the second instance's, for a second launch). */
  cwd: string
  /** Started as `electron <app>` (development): the first argument is the app, not a file. */
  defaultApp: boolean
}

/** A local path from an argument: Linux launchers pass `file://` URLs for `%U`. */
function toPath(argument: string, cwd: string): string | null {
  if (/^file:/i.test(argument)) {
    try {
      return fileURLToPath(argument)
    } catch {
      return null
    }
  }
  // Any other scheme (http:, a protocol link) is not a file.
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(argument)) return null
  return isAbsolute(argument) ? resolve(argument) : resolve(cwd, argument)
}

/**
 * The files a command line asks FlipDrop to open, as absolute paths: the executable
 * and (in development) the app path are skipped, and so are switches (Chromium and the
 * OS add their own, e.g. `--original-process-start-time`, macOS's `-psn_…`; after `--`
 * everything is an argument). Only paths `isFile` accepts are kept, so a stray word is
 * not reported as "not a PDF"; what they contain is the queue's intake to judge.
 */
export function pathsFromArgv(launch: LaunchArgs, isFile: (path: string) => boolean): string[] {
  const positional: string[] = []
  let switchesEnded = false
  for (const argument of launch.argv.slice(1)) {
    if (!switchesEnded && argument === '--') switchesEnded = true
    else if (switchesEnded || !argument.startsWith('-')) positional.push(argument)
  }
  const files = launch.defaultApp ? positional.slice(1) : positional
  const paths = files.map((argument) => toPath(argument, launch.cwd)).filter((path): path is string => path !== null)
  return [...new Set(paths)].filter(isFile)
}

/** How long opens are gathered: Finder sends one `open-file` per file of a selection. */
export const OPEN_COALESCE_MS = 200

/**
 * Paths opened with FlipDrop (open-file, the command line, a second launch) until the
 * queue can take them: kept while the core starts, then handed over in batches so a
 * selection of ten files becomes one call. Electron-free.
 */
export class OpenedPathsInbox {
  private waiting: string[] = []
  private receiver: ((paths: string[]) => void) | null = null
  private timer: ReturnType<typeof setTimeout> | null = null

  add(paths: readonly string[]): void {
    if (paths.length === 0) return
    this.waiting.push(...paths)
    if (this.receiver) this.timer ??= setTimeout(() => this.flush(), OPEN_COALESCE_MS)
  }

  /** The queue is ready: what waited goes now, what comes later goes in batches. */
  attach(receiver: (paths: string[]) => void): void {
    this.receiver = receiver
    this.flush()
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    if (!this.receiver || this.waiting.length === 0) return
    const paths = [...new Set(this.waiting)]
    this.waiting = []
    this.receiver(paths)
  }
}

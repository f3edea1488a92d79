import { execFile } from 'node:child_process'

/*
 * Whether a tray icon can be seen. Electron's Linux tray is a StatusNotifierItem, shown only
 * where a host owns org.kde.StatusNotifierWatcher on the session bus (KDE, XFCE, Cinnamon,
 * Ubuntu's GNOME with its AppIndicator extension); elsewhere Electron falls back to an
 * XEmbed icon that stock GNOME never shows (electron shell/browser/ui/tray_icon_linux.cc).
 * Electron has no D-Bus API, so we ask the bus with gdbus or dbus-send. Electron-free.
 */

export const STATUS_NOTIFIER_WATCHER = 'org.kde.StatusNotifierWatcher'

/** What the session bus said about the watcher; `unknown` when it could not be asked. */
export type TrayHost = 'present' | 'absent' | 'unknown'

/** A tray is trusted to be seen on Windows and macOS, and on Linux only when the bus says a host is there. */
export function trayCanBeSeen(platform: NodeJS.Platform, host: TrayHost): boolean {
  if (platform !== 'linux') return true
  // Unknown counts as unseen: a minimized window kept by mistake costs little, a vanished one costs the user's way back.
  return host === 'present'
}

/** Reads NameHasOwner's answer as gdbus ("(true,)") or dbus-send ("boolean true") prints it. */
export function parseNameHasOwner(output: string): TrayHost {
  if (/\(true,\)|boolean true/.test(output)) return 'present'
  if (/\(false,\)|boolean false/.test(output)) return 'absent'
  return 'unknown'
}

/** Runs a command and resolves with its stdout, or null when it failed or is missing. */
export type RunCommand = (command: string, args: readonly string[]) => Promise<string | null>

const ASK_TIMEOUT_MS = 1_500

const runWithTimeout: RunCommand = (command, args) =>
  new Promise((resolve) => {
    execFile(command, [...args], { timeout: ASK_TIMEOUT_MS, windowsHide: true }, (error, stdout) => resolve(error ? null : stdout))
  })

/** Asks the session bus whether `name` has an owner: gdbus first, dbus-send where gdbus is missing. */
export async function askNameOwner(name: string = STATUS_NOTIFIER_WATCHER, run: RunCommand = runWithTimeout): Promise<TrayHost> {
  const path = ['/org/freedesktop/DBus']
  const gdbus = await run('gdbus', ['call', '--session', '--dest', 'org.freedesktop.DBus', '--object-path', ...path, '--method', 'org.freedesktop.DBus.NameHasOwner', name])
  if (gdbus !== null) return parseNameHasOwner(gdbus)
  const dbusSend = await run('dbus-send', ['--session', '--print-reply', '--dest=org.freedesktop.DBus', ...path, 'org.freedesktop.DBus.NameHasOwner', `string:${name}`])
  return dbusSend === null ? 'unknown' : parseNameHasOwner(dbusSend)
}

/**
 * The last known answer, for the window's `close` handler, which must decide at once. Asked
 * at start and again after each use, since a tray host can start or stop while FlipDrop runs.
 */
export class TrayVisibility {
  private host: TrayHost = 'unknown'

  constructor(
    private readonly platform: NodeJS.Platform,
    private readonly ask: () => Promise<TrayHost> = () => askNameOwner()
  ) {}

  get visible(): boolean {
    return trayCanBeSeen(this.platform, this.host)
  }

  /** Asks again (Linux only); resolves once the answer is in. */
  async refresh(): Promise<void> {
    if (this.platform !== 'linux') return
    this.host = await this.ask().catch(() => 'unknown' as const)
  }
}

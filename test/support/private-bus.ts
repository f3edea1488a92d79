import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** The password of the throwaway login keyring. */
const KEYRING_PASSWORD = 'flipdrop-test-keyring'
const SECRETS_NAME = 'org.freedesktop.secrets'
const READY_TIMEOUT_MS = 5000

/** A private D-Bus session bus with its own XDG folders, and an optional gnome-keyring on it. */
export interface PrivateBus {
  /** Environment for a child that must see only this bus, and no display to autolaunch from. */
  readonly env: NodeJS.ProcessEnv
  /** The temp folder holding the socket, XDG folders and keyring files. */
  readonly dir: string
  /** Starts gnome-keyring's Secret Service; `unlock` feeds it the login password on stdin. */
  startKeyring(options: { unlock: boolean }): Promise<void>
  /** Stops the keyring daemon and waits until its name has left the bus. */
  stopKeyring(): Promise<void>
  /** Freezes (SIGSTOP) or thaws (SIGCONT) the keyring daemon, to play an unresponsive keychain. */
  freezeKeyring(frozen: boolean): void
  /** Stops every daemon and removes the temp folder. Safe to call more than once. */
  close(): Promise<void>
}

/*
 * Our own bus config instead of the stock session.conf: the stock one lists the standard
 * service folders, so the bus would autostart gnome-keyring on the first Secret Service
 * call and "no Secret Service" could not be set up.
 */
function busConfig(socketPath: string): string {
  return `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=${socketPath}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`
}

/** Resolves with the first stdout line, or rejects if the process ends or stays silent. */
function firstLine(child: ChildProcess, what: string, stderr: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = ''
    const timer = setTimeout(() => reject(new Error(`${what} printed nothing: ${stderr()}`)), READY_TIMEOUT_MS)
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      const end = buffered.indexOf('\n')
      if (end < 0) return
      clearTimeout(timer)
      resolve(buffered.slice(0, end).trim())
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${what} exited with ${code}: ${stderr()}`))
    })
  })
}

function collect(child: ChildProcess): () => string {
  let text = ''
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()))
  return () => text
}

/** Ends a child and waits for it to be reaped, so no zombie or stray daemon is left. */
async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGCONT') // a frozen process would not act on SIGTERM until thawed
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 2000)
  await exited
  clearTimeout(timer)
}

async function nameHasOwner(env: NodeJS.ProcessEnv, name: string): Promise<boolean> {
  const { stdout } = await run(
    'dbus-send',
    ['--session', '--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus.NameHasOwner', `string:${name}`],
    { env }
  )
  return /boolean true/.test(stdout)
}

async function waitForOwner(env: NodeJS.ProcessEnv, owned: boolean, daemon?: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  while ((await nameHasOwner(env, SECRETS_NAME)) !== owned) {
    if (daemon && daemon.exitCode !== null) throw new Error(`gnome-keyring-daemon exited with ${daemon.exitCode}`)
    if (Date.now() > deadline) throw new Error(`${SECRETS_NAME} ${owned ? 'never appeared' : 'never left'} on the bus`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** Starts a private session bus; the caller must `close()` it, also when a test fails. */
export async function startPrivateBus(): Promise<PrivateBus> {
  const dir = await mkdtemp(join(tmpdir(), 'flipdrop-keychain-'))
  const socketPath = join(dir, 'bus')
  const runtimeDir = join(dir, 'runtime')
  await mkdir(runtimeDir)
  await chmod(runtimeDir, 0o700) // gnome-keyring refuses a runtime dir others can read
  await Promise.all(['data', 'config', 'cache'].map((name) => mkdir(join(dir, name))))
  await writeFile(join(dir, 'bus.conf'), busConfig(socketPath))

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DBUS_SESSION_BUS_ADDRESS: `unix:path=${socketPath}`,
    XDG_RUNTIME_DIR: runtimeDir,
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_CONFIG_HOME: join(dir, 'config'),
    XDG_CACHE_HOME: join(dir, 'cache'),
    HOME: dir
  }
  delete env.DISPLAY
  delete env.WAYLAND_DISPLAY

  let bus: ChildProcess | undefined
  let keyring: ChildProcess | undefined
  let closed = false

  const close = async (): Promise<void> => {
    if (closed) return
    closed = true
    await stop(keyring)
    await stop(bus)
    await rm(dir, { recursive: true, force: true })
  }

  try {
    const daemon = spawn('dbus-daemon', [`--config-file=${join(dir, 'bus.conf')}`, '--nofork', '--print-address=1'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    bus = daemon
    await firstLine(daemon, 'dbus-daemon', collect(daemon))
  } catch (error) {
    await close()
    throw error
  }

  return {
    env,
    dir,
    async startKeyring({ unlock }) {
      if (keyring && keyring.exitCode === null) throw new Error('The keyring is already running.')
      const args = ['--foreground', '--components=secrets', ...(unlock ? ['--unlock'] : [])]
      const daemon = spawn('gnome-keyring-daemon', args, { env, stdio: ['pipe', 'ignore', 'pipe'] })
      keyring = daemon
      const stderr = collect(daemon)
      // --unlock reads the password from stdin up to EOF; it creates the login keyring if missing.
      daemon.stdin?.end(unlock ? KEYRING_PASSWORD : '')
      try {
        await waitForOwner(env, true, daemon)
      } catch (error) {
        throw new Error(`${(error as Error).message}: ${stderr()}`, { cause: error })
      }
    },
    async stopKeyring() {
      await stop(keyring)
      await waitForOwner(env, false)
    },
    freezeKeyring(frozen) {
      if (!keyring?.pid) throw new Error('No keyring is running.')
      process.kill(keyring.pid, frozen ? 'SIGSTOP' : 'SIGCONT')
    },
    close
  }
}

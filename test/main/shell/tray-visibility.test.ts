import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { askNameOwner, parseNameHasOwner, TrayVisibility, trayCanBeSeen } from '../../../src-main/shell/tray-visibility'

describe('trayCanBeSeen', () => {
  it('trusts the tray on Windows and macOS, and on Linux only with a StatusNotifierItem host', () => {
    expect(trayCanBeSeen('win32', 'unknown')).toBe(true)
    expect(trayCanBeSeen('darwin', 'absent')).toBe(true)
    expect(trayCanBeSeen('linux', 'present')).toBe(true)
    expect(trayCanBeSeen('linux', 'absent')).toBe(false)
    expect(trayCanBeSeen('linux', 'unknown')).toBe(false)
  })

  it('reads both tools’ answers', () => {
    expect(parseNameHasOwner('(true,)\n')).toBe('present')
    expect(parseNameHasOwner('method return time=1 sender=org.freedesktop.DBus\n   boolean false\n')).toBe('absent')
    expect(parseNameHasOwner('')).toBe('unknown')
  })

  it('falls back to dbus-send, and says unknown when neither tool answers', async () => {
    const asked: string[] = []
    const viaDbusSend = await askNameOwner(undefined, async (command) => {
      asked.push(command)
      return command === 'dbus-send' ? '   boolean true\n' : null
    })
    expect(viaDbusSend).toBe('present')
    expect(asked).toEqual(['gdbus', 'dbus-send'])
    expect(await askNameOwner(undefined, async () => null)).toBe('unknown')
  })

  it('keeps the last answer for the close handler, and asks again on refresh', async () => {
    let answer: 'present' | 'absent' = 'absent'
    const visibility = new TrayVisibility('linux', async () => answer)
    expect(visibility.visible).toBe(false)
    answer = 'present'
    await visibility.refresh()
    expect(visibility.visible).toBe(true)
  })
})

/** A private session bus, as on a desktop without a tray host (stock GNOME). */
const hasBus = (() => {
  try {
    execFileSync('dbus-daemon', ['--version'])
    execFileSync('gdbus', ['help'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

describe.skipIf(!hasBus)('askNameOwner on a real session bus', () => {
  let daemon: ChildProcess
  let previous: string | undefined

  beforeAll(async () => {
    daemon = spawn('dbus-daemon', ['--session', '--nofork', '--print-address'], { stdio: ['ignore', 'pipe', 'ignore'] })
    const address = await new Promise<string>((resolve) => daemon.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())))
    previous = process.env['DBUS_SESSION_BUS_ADDRESS']
    process.env['DBUS_SESSION_BUS_ADDRESS'] = address
  })
  afterAll(() => {
    if (previous === undefined) delete process.env['DBUS_SESSION_BUS_ADDRESS']
    else process.env['DBUS_SESSION_BUS_ADDRESS'] = previous
    daemon.kill()
  })

  it('finds no StatusNotifierWatcher where no host runs, and finds a name that is owned', async () => {
    expect(await askNameOwner()).toBe('absent')
    // The bus owns its own name: the same question answered yes.
    expect(await askNameOwner('org.freedesktop.DBus')).toBe('present')
  })
})

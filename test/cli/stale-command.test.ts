import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { isLaterVersion, readAppInstall } from '../../src-main/core/app/app-install'
import { recordAppInstall } from '../../src-main/core/app/record-app-install'
import { ROOT, run } from './terminal-kit'

/*
 * An AppImage updates itself; the `flipdrop` command extracted from the old one does not follow
 * (README, "The command on the PATH"). The app notes its version in the data folder at each
 * start, and a command older than that says it is out of date, never passing for current.
 */

let data: string
let version: string
beforeEach(async () => {
  data = await mkdtemp(join(tmpdir(), 'flipdrop-stale-'))
  version = (JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version
})
afterEach(() => rm(data, { recursive: true, force: true }))

describe('the command after the app updated itself', { timeout: 60_000 }, () => {
  it('says it is out of date, and how to update it from the new AppImage', async () => {
    // What the updated app wrote when it started from its new AppImage.
    await recordAppInstall(data, { version: '99.1.0', appImage: "/home/dana/Dana's Apps/FlipDrop-99.1.0-x86_64.AppImage" })
    const shown = await run(['--version'], { FLIPDROP_DATA_DIR: data })
    expect(shown.code).toBe(0)
    // stdout stays the version alone, for scripts.
    expect(shown.stdout).toBe(`flipdrop ${version}\n`)
    expect(shown.stderr).toBe(
      `flipdrop: this command is out of date: it is ${version}, and the FlipDrop app was updated to 99.1.0.\n` +
        `  Extract the new AppImage as when you installed the command: cd ~/.local/share && '/home/dana/Dana'\\''s Apps/FlipDrop-99.1.0-x86_64.AppImage' --appimage-extract >/dev/null && rm -rf flipdrop && mv squashfs-root flipdrop\n`
    )
    // Every command says it too, before doing its work.
    const command = await run(['accounts'], { FLIPDROP_DATA_DIR: data })
    expect(command.stderr).toContain('flipdrop: this command is out of date')
  })

  it('says nothing when it is the version the app last ran as, or newer, or the app never ran here', async () => {
    expect((await run(['--version'], { FLIPDROP_DATA_DIR: data })).stderr).toBe('')
    await recordAppInstall(data, { version, appImage: '/opt/FlipDrop.AppImage' })
    expect(readAppInstall(data)).toEqual({ version, appImage: '/opt/FlipDrop.AppImage' })
    expect((await run(['--version'], { FLIPDROP_DATA_DIR: data })).stderr).toBe('')
  })

  it('compares versions by their numbers', () => {
    expect(isLaterVersion('1.10.0', '1.9.3')).toBe(true)
    expect(isLaterVersion('2.0.0', '10.0.0')).toBe(false)
    expect(isLaterVersion('1.2.3', '1.2.3')).toBe(false)
    expect(isLaterVersion('1.2.4-beta.1', '1.2.3')).toBe(true)
    expect(isLaterVersion('unknown', '1.0.0')).toBe(false)
  })
})

import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const config = parse(readFileSync(`${root}electron-builder.yml`, 'utf8')) as Record<string, unknown>
const section = (name: string) => config[name] as Record<string, unknown>

// Packaging downloads Electron, which this sandbox cannot do; this checks the config instead.
describe('electron-builder.yml', () => {
  it('names the app and packs the build output', () => {
    expect(config['appId']).toBe('me.fliplink.flipdrop')
    expect(config['productName']).toBe('FlipDrop')
    expect(config['files']).toContain('out/**')
    expect(config['asar']).toBe(true)
    expect(config['asarUnpack']).toContain('**/*.node')
  })

  it('builds a dmg, an nsis installer, an AppImage and a deb', () => {
    expect(section('mac')['target']).toEqual(['dmg'])
    expect(section('win')['target']).toEqual(['nsis'])
    expect(section('linux')['target']).toEqual(['AppImage', 'deb'])
  })

  it('turns off Node escape hatches and enforces ASAR integrity with fuses', () => {
    expect(section('electronFuses')).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      // The renderer is served from app://, so file:// gets no extra privileges (checklist item 18).
      grantFileProtocolExtraPrivileges: false
    })
  })

  it("keeps electron-builder's default deb dependencies and adds libsecret for the keychain", () => {
    // An explicit list replaces the defaults, so compare with electron-builder's own list.
    const source = readFileSync(`${root}node_modules/app-builder-lib/out/targets/FpmTarget.js`, 'utf8')
    const defaults = /case "deb":\s*return (\[[^\]]+\])/.exec(source)?.[1]
    expect(defaults).toBeDefined()
    const depends = section('deb')['depends'] as string[]
    for (const name of JSON.parse(defaults ?? '[]') as string[]) expect(depends, name).toContain(name)
    expect(depends).toContain('libsecret-1-0')
    expect(depends).toContain('libgtk-3-0')
  })

  it('ties the Linux launcher to the running window through desktopName', () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { desktopName?: string }
    expect(pkg.desktopName).toBe('flipdrop.desktop')
    expect(section('linux')['syncDesktopName']).toBe(true)
  })

  it('points at resources that exist', () => {
    for (const platform of ['mac', 'win', 'linux']) {
      const icon = section(platform)['icon'] as string
      expect(existsSync(`${root}${icon}`), icon).toBe(true)
    }
    expect(existsSync(`${root}${section('mac')['entitlements'] as string}`)).toBe(true)
    expect(section('directories')['buildResources']).toBe('build')
  })

  it('ships the icon at a size every platform can scale from', () => {
    const png = readFileSync(`${root}build/icon.png`)
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1024, 1024])
  })

  it('is what npm run package uses, and the package entry is the built main', () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { main: string; scripts: Record<string, string> }
    expect(pkg.scripts['package']).toContain('electron-builder --config electron-builder.yml')
    expect(pkg.main).toBe('./out/main/index.js')
  })
})

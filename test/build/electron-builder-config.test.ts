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
      onlyLoadAppFromAsar: true
    })
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

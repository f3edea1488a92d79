import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { TRAY_ICON_FOLDER } from '../../src-main/shell/tray-icon-path'

const root = fileURLToPath(new URL('../..', import.meta.url))
const config = parse(readFileSync(`${root}electron-builder.yml`, 'utf8')) as Record<string, unknown>
const section = (name: string) => config[name] as Record<string, unknown>

// The config as written; test/build/packaged-app.test.ts packs the Linux app with a stand-in Electron.
describe('electron-builder.yml', () => {
  it('names the app and packs the build output', () => {
    expect(config['appId']).toBe('me.fliplink.flipdrop')
    expect(config['productName']).toBe('FlipDrop')
    expect(config['files']).toContain('out/**')
    expect(config['asar']).toBe(true)
    expect(config['asarUnpack']).toContain('**/*.node')
  })

  it('builds a dmg and the zip macOS updates install from, an nsis installer, an AppImage and a deb', () => {
    // electron-updater's MacUpdater installs only from a zip (ERR_UPDATER_ZIP_FILE_NOT_FOUND without one).
    expect(section('mac')['target']).toEqual(['dmg', 'zip'])
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

  it("passes electron-builder's own schema", async () => {
    // The check `electron-builder` runs first, without packaging anything.
    const require = createRequire(`${root}package.json`)
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
      validateConfiguration: (config: unknown, logger: unknown) => Promise<void>
    }
    const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown }
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined()
  })

  it('lets macOS and Linux open PDFs with FlipDrop as an alternate app, never their default', () => {
    expect(config['fileAssociations']).toBeUndefined()
    // LSHandlerRank Alternate: listed in Open With and accepted on the Dock icon, never chosen by default.
    expect(section('mac')['fileAssociations']).toEqual([{ ext: 'pdf', name: 'PDF document', role: 'Viewer', rank: 'Alternate' }])
    // The .desktop entry's MimeType only: no fileAssociation, which would also install a
    // mime package redefining application/pdf (LinuxTargetHelper.computeMimeTypeFiles).
    expect(section('linux')['fileAssociations']).toBeUndefined()
    expect(section('linux')['mimeTypes']).toEqual(['application/pdf'])
  })

  it('asks macOS for the alert style, without which notification buttons do not appear', () => {
    expect(section('mac')['extendInfo']).toEqual({ NSUserNotificationAlertStyle: 'alert' })
  })

  it('adds FlipDrop to "Open with" for PDFs on Windows without touching their default app', () => {
    // electron-builder's association macro writes the ProgID as the default of .pdf: not used on Windows.
    expect(section('win')['fileAssociations']).toBeUndefined()
    const association = readFileSync(`${root}node_modules/app-builder-lib/templates/nsis/include/FileAssociation.nsh`, 'utf8')
    expect(association).toContain('WriteRegStr SHELL_CONTEXT "Software\\Classes\\.${EXT}" "" "${FILECLASS}"')

    const include = section('nsis')['include'] as string
    expect(include).toBe('build/installer.nsh')
    const script = readFileSync(`${root}${include}`, 'utf8')
    const code = script
      .split('\n')
      .filter((line) => !line.trimStart().startsWith(';'))
      .join('\n')
    const macro = (name: string) => new RegExp(`!macro ${name}\\n([\\s\\S]*?)!macroend`).exec(code)?.[1] ?? ''
    const install = macro('customInstall')
    const uninstall = macro('customUnInstall')
    expect(install).toContain('WriteRegNone SHELL_CONTEXT "Software\\Classes\\.pdf\\OpenWithProgids" "${FLIPDROP_PDF_PROGID}"')
    expect(install).toContain(`WriteRegStr SHELL_CONTEXT "Software\\Classes\\\${FLIPDROP_PDF_PROGID}\\shell\\open\\command" "" '"$appExe" "%1"'`)
    // Under .pdf, only the OpenWithProgids list is ever written: never its default value.
    const pdfKeyWrites = code.split('\n').filter((line) => /^\s*Write\w+ \S+ "Software\\Classes\\\.pdf/.test(line))
    expect(pdfKeyWrites).toHaveLength(1)
    expect(pdfKeyWrites[0]).toContain('.pdf\\OpenWithProgids')
    expect(uninstall).toContain('DeleteRegValue SHELL_CONTEXT "Software\\Classes\\.pdf\\OpenWithProgids" "${FLIPDROP_PDF_PROGID}"')
    expect(uninstall).toContain('DeleteRegKey SHELL_CONTEXT "Software\\Classes\\${FLIPDROP_PDF_PROGID}"')
    expect(uninstall).not.toMatch(/DeleteRegKey \S+ "Software\\Classes\\\.pdf/)

    // electron-builder runs customInstall after $appExe is set, and customUnInstall in the uninstaller.
    const installSection = readFileSync(`${root}node_modules/app-builder-lib/templates/nsis/installSection.nsh`, 'utf8')
    expect(installSection.indexOf('StrCpy $appExe')).toBeGreaterThanOrEqual(0)
    expect(installSection.indexOf('StrCpy $appExe')).toBeLessThan(installSection.indexOf('!insertmacro customInstall'))
    expect(readFileSync(`${root}node_modules/app-builder-lib/templates/nsis/uninstaller.nsh`, 'utf8')).toContain('!insertmacro customUnInstall')
  })

  it('packs the tray icons outside the archive, where the shell looks for them', () => {
    expect(config['extraResources']).toContainEqual({ from: 'build/tray', to: TRAY_ICON_FOLDER, filter: ['*.png'] })
    const sizes: Record<string, number> = { 'trayTemplate.png': 16, 'trayTemplate@2x.png': 32, 'tray.png': 16, 'tray@2x.png': 32 }
    for (const [name, size] of Object.entries(sizes)) {
      const png = readFileSync(`${root}build/tray/${name}`)
      expect(png.subarray(1, 4).toString(), name).toBe('PNG')
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], name).toEqual([size, size])
      // 8-bit RGBA: the template's shape is in its alpha channel.
      expect([png[24], png[25]], name).toEqual([8, 6])
    }
  })

  it('is what npm run package uses, and the package entry is the built main', () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { main: string; scripts: Record<string, string> }
    expect(pkg.scripts['package']).toContain('electron-builder --config electron-builder.yml')
    expect(pkg.main).toBe('./out/main/index.js')
  })
})

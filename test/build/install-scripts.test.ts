import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { downloadPageFor, RELEASE_PAGE, SIGNING_FILE } from '../../src-main/shell/app-updater'

/**
 * What packaging decides but cannot run here (deb, nsis and dmg are not built on this machine):
 * checked against the files electron-builder uses and against its own templates and sources.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const config = parse(readFileSync(`${root}electron-builder.yml`, 'utf8')) as Record<string, unknown>
const section = (name: string) => (config[name] ?? {}) as Record<string, unknown>
const template = (name: string) => readFileSync(`${root}node_modules/app-builder-lib/templates/linux/${name}`, 'utf8')

/** electron-builder's macro expansion of deb scripts (FpmTarget.js writeConfigFile): an unknown macro is an error. */
function expandDebScript(text: string): string {
  const macros: Record<string, string> = { executable: 'flipdrop', sanitizedProductName: 'FlipDrop' }
  return text.replace(/\$\{([a-zA-Z]+)\}/g, (_match, name: string) => {
    const value = macros[name]
    if (value === undefined) throw new Error(`Macro ${name} is not defined`)
    return value
  })
}

/** Lines that are not comments, trimmed. */
const code = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))

describe('the deb', () => {
  const afterInstall = expandDebScript(readFileSync(`${root}build/linux/after-install.sh`, 'utf8'))
  const afterRemove = expandDebScript(readFileSync(`${root}build/linux/after-remove.sh`, 'utf8'))

  it('can be built: a homepage and a maintainer with an email (FpmTarget.js computeFpmMetaInfoOptions)', () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { homepage?: string }
    expect(pkg.homepage).toMatch(/^https:\/\//)
    expect(section('linux')['maintainer']).toMatch(/^[^<]+ <[^@\s]+@[^>\s]+>$/)
  })

  it('uses our scripts, which electron-builder expands without an unknown macro, and bash parses', () => {
    expect(section('deb')).toMatchObject({ afterInstall: 'build/linux/after-install.sh', afterRemove: 'build/linux/after-remove.sh' })
    for (const script of [afterInstall, afterRemove]) {
      expect(spawnSync('bash', ['-n'], { input: script }).status).toBe(0)
    }
  })

  it('links /usr/bin/flipdrop to the command, never to the app binary', () => {
    expect(code(afterInstall)).toContain('ln -sf "$app/resources/bin/flipdrop" /usr/bin/flipdrop')
    expect(afterInstall).toContain("app='/opt/FlipDrop'")
    // electron-builder's template links /usr/bin/<executable> to the app; ours does not.
    expect(template('after-install.tpl')).toContain("'/usr/bin/${executable}'")
    expect(afterInstall).not.toMatch(/\/usr\/bin\/.*\/opt\/FlipDrop\/flipdrop|update-alternatives/)
    expect(code(afterRemove)).toContain('if [ "$(readlink /usr/bin/flipdrop)" = "$app/resources/bin/flipdrop" ]; then')
    expect(code(afterRemove)).toContain('rm -f /usr/bin/flipdrop')
  })

  it("sets up Chromium's sandbox helper as electron-builder's own script does", () => {
    // Theirs: setuid chrome-sandbox only where the kernel gives no user namespaces.
    const theirs = code(template('after-install.tpl'))
    expect(theirs).toContain("if ! { [[ -L /proc/self/ns/user ]] && unshare --user true; }; then")
    expect(theirs).toContain("chmod 4755 '/opt/${sanitizedProductName}/chrome-sandbox' || true")
    expect(theirs).toContain("chmod 0755 '/opt/${sanitizedProductName}/chrome-sandbox' || true")
    const ours = code(afterInstall)
    const test = ours.indexOf('if [ -L /proc/self/ns/user ] && unshare --user true; then')
    expect(test).toBeGreaterThanOrEqual(0)
    expect(ours.slice(test + 1, test + 5)).toEqual(['chmod 0755 "$app/chrome-sandbox" || true', 'else', 'chmod 4755 "$app/chrome-sandbox" || true', 'fi'])
  })

  it("installs and removes electron-builder's AppArmor profile as its scripts do (Ubuntu 23.10+ user namespaces)", () => {
    const theirs = template('after-install.tpl')
    for (const step of ['apparmor_status --enabled', 'apparmor_parser --skip-kernel-load --debug', 'apparmor_parser --replace --write-cache --skip-read-cache', '/usr/bin/ischroot']) {
      expect(theirs, step).toContain(step)
      expect(afterInstall, step).toContain(step)
    }
    expect(afterInstall).toContain('"$app/resources/apparmor-profile"')
    expect(afterInstall).toContain("profile='/etc/apparmor.d/flipdrop'")
    // The profile gives "userns" to the app binary: the one the desktop entry runs.
    expect(template('apparmor-profile.tpl')).toMatch(/profile "\$\{executable\}" "\/opt\/\$\{sanitizedProductName\}\/\$\{executable\}"[^{]*\{\s*userns,/)
    expect(template('after-remove.tpl')).toContain('apparmor_parser --remove')
    expect(afterRemove).toContain('apparmor_parser --remove "$profile"')
    expect(afterRemove).toContain("profile='/etc/apparmor.d/flipdrop'")
    // "Open With" for PDFs needs the desktop database refreshed, as theirs does.
    expect(afterInstall).toContain('update-desktop-database /usr/share/applications')
  })
})

describe('updates', () => {
  it('writes update files for today\'s electron-updater only, though it is bundled, not a dependency', () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> }
    expect(pkg.dependencies['electron-updater']).toBeUndefined()
    expect(pkg.devDependencies['electron-updater']).toBeDefined()
    // Without a version to read, electron-builder would assume electron-updater 1.x (sha2, old mac json).
    expect(config['electronUpdaterCompatibility']).toBe('>=2.16')
  })
})

describe('the AppImage', () => {
  it("keeps Chromium's sandbox: no --no-sandbox in its desktop entry", () => {
    // electron-builder's default for the legacy toolset, replaced by an explicit empty list.
    const source = readFileSync(`${root}node_modules/app-builder-lib/out/targets/appimage/AppImageTarget.js`, 'utf8')
    expect(source).toContain('["--no-sandbox"]')
    expect(source).toContain('this.options.executableArgs) !== null && _b !== void 0 ? _b : defaultArgs')
    expect(section('appImage')['executableArgs']).toEqual([])
    expect(section('linux')['executableArgs']).toBeUndefined()
  })
})

describe('macOS', () => {
  it('re-signs an unsigned build ad hoc after the fuses change the framework binary', () => {
    expect(section('electronFuses')['resetAdHocDarwinSignature']).toBe(true)
    // app-builder-lib passes it on only from the config, and @electron/fuses acts on it for a .app.
    const packager = readFileSync(`${root}node_modules/app-builder-lib/out/platformPackager.js`, 'utf8')
    expect(packager).toContain('resetAdHocDarwinSignature: fuses.resetAdHocDarwinSignature')
    const fuses = readFileSync(`${root}node_modules/@electron/fuses/dist/index.js`, 'utf8')
    expect(fuses).toContain("fuseConfig.resetAdHocDarwinSignature && pathToElectron.includes('.app')")
  })

  it('leaves signing and notarization to the environment: no identity or credentials in the config', () => {
    const mac = section('mac')
    for (const key of ['identity', 'notarize', 'provisioningProfile']) expect(mac[key], key).toBeUndefined()
    expect(mac['hardenedRuntime']).toBe(true)
    expect(section('win')['signtoolOptions']).toBeUndefined()
    const settings = code(readFileSync(`${root}electron-builder.yml`, 'utf8'))
    expect(settings.filter((line) => /password|certificate|cscLink|appleId|teamId/i.test(line))).toEqual([])
  })
})

describe('build/after-pack.mjs', () => {
  interface AfterPackModule {
    cookieEncryptionFor: (platformName: string, env: Record<string, string | undefined>, identity: string | null | undefined) => boolean
  }
  const load = async () => (await import(pathToFileURL(`${root}build/after-pack.mjs`).href)) as AfterPackModule

  it('is the afterPack hook, and CookieEncryption is left to it', async () => {
    expect(config['afterPack']).toBe('build/after-pack.mjs')
    expect(section('electronFuses')['enableCookieEncryption']).toBeUndefined()
    expect(typeof (await load()).cookieEncryptionFor).toBe('function')
  })

  it('encrypts cookies on macOS only when the app is signed with a real identity', async () => {
    const { cookieEncryptionFor } = await load()
    expect(cookieEncryptionFor('darwin', {}, undefined)).toBe(false)
    expect(cookieEncryptionFor('darwin', { CSC_LINK: 'cert.p12' }, undefined)).toBe(true)
    expect(cookieEncryptionFor('darwin', { CSC_NAME: 'Developer ID Application: FlipDrop' }, undefined)).toBe(true)
    expect(cookieEncryptionFor('darwin', {}, 'Developer ID Application: FlipDrop')).toBe(true)
    // Explicitly unsigned, or ad hoc: no stable signature for the Keychain.
    expect(cookieEncryptionFor('darwin', { CSC_LINK: 'cert.p12' }, null)).toBe(false)
    expect(cookieEncryptionFor('darwin', {}, '-')).toBe(false)
    expect(cookieEncryptionFor('mas', {}, undefined)).toBe(false)
    // A certificate whose identity electron-builder is told not to look up signs nothing.
    expect(cookieEncryptionFor('darwin', { CSC_LINK: 'cert.p12', CSC_IDENTITY_AUTO_DISCOVERY: 'false' }, undefined)).toBe(false)
    expect(cookieEncryptionFor('darwin', { CSC_LINK: '' }, undefined)).toBe(false)
    const macCodeSign = readFileSync(`${root}node_modules/app-builder-lib/out/codeSign/macCodeSign.js`, 'utf8')
    expect(macCodeSign).toContain('let identity = qualifier || process.env.CSC_NAME;')
  })

  it('tells a macOS build whether it can install its own updates, and the app reads it', async () => {
    const { writeSigningFacts, SIGNING_FILE: written } = (await import(pathToFileURL(`${root}build/after-pack.mjs`).href)) as {
      writeSigningFacts: (resources: string, platformName: string, env: Record<string, string | undefined>, identity: string | null | undefined) => Promise<void>
      SIGNING_FILE: string
    }
    expect(written).toBe(SIGNING_FILE)
    const resources = mkdtempSync(join(tmpdir(), 'flipdrop-signing-'))
    try {
      // An older build, or one whose file is gone: unsigned, the safe side.
      expect(downloadPageFor({ platform: 'darwin', resourcesPath: resources })).toBe(RELEASE_PAGE)
      await writeSigningFacts(resources, 'darwin', { CSC_IDENTITY_AUTO_DISCOVERY: 'false' }, undefined)
      expect(JSON.parse(readFileSync(join(resources, SIGNING_FILE), 'utf8'))).toEqual({ signed: false })
      expect(downloadPageFor({ platform: 'darwin', resourcesPath: resources })).toBe(RELEASE_PAGE)
      await writeSigningFacts(resources, 'darwin', { CSC_LINK: 'cert.p12' }, undefined)
      expect(downloadPageFor({ platform: 'darwin', resourcesPath: resources })).toBeUndefined()
      // Windows and Linux install their own updates whatever their signature: no file.
      const linux = join(resources, 'linux')
      mkdirSync(linux)
      await writeSigningFacts(linux, 'linux', {}, undefined)
      expect(existsSync(join(linux, SIGNING_FILE))).toBe(false)
      expect(downloadPageFor({ platform: 'linux', resourcesPath: linux })).toBeUndefined()
      expect(downloadPageFor({ platform: 'win32', resourcesPath: linux })).toBeUndefined()
    } finally {
      rmSync(resources, { recursive: true, force: true })
    }
  })

  it('encrypts cookies on Windows and Linux whether signed or not', async () => {
    const { cookieEncryptionFor } = await load()
    expect(cookieEncryptionFor('win32', {}, undefined)).toBe(true)
    expect(cookieEncryptionFor('linux', {}, undefined)).toBe(true)
  })
})

describe('the Windows installer', () => {
  const script = readFileSync(`${root}build/installer.nsh`, 'utf8')
  const macro = (name: string) => new RegExp(`!macro ${name}\\n([\\s\\S]*?)!macroend`).exec(script)?.[1] ?? ''

  it('puts resources\\bin on the PATH on install and takes it off on uninstall, not on update', () => {
    expect(section('win')['extraResources']).toEqual([{ from: 'build/bin', to: 'bin', filter: ['flipdrop.cmd'] }])
    expect(macro('customInstall')).toContain('!insertmacro flipdropCommandPath 1')
    expect(macro('customUnInstall')).toMatch(/\$\{ifNot\} \$\{isUpdated\}\s*!insertmacro flipdropCommandPath 0\s*\$\{endIf\}/)
    const edit = macro('flipdropCommandPath ADD')
    expect(edit).toContain('SetEnvironmentVariable(t "FLIPDROP_BIN", t "$INSTDIR\\resources\\bin")')
    // The user's PATH, or the machine's for an install for all users ($installMode, multiUser.nsh).
    expect(edit).toContain('SetEnvironmentVariable(t "FLIPDROP_PATH_SCOPE", t "$installMode")')
    expect(readFileSync(`${root}node_modules/app-builder-lib/templates/nsis/multiUser.nsh`, 'utf8')).toContain('StrCpy $installMode all')
    expect(script).toMatch(/\$\$env:FLIPDROP_PATH_SCOPE -eq 'all'/)
    // Read unexpanded, written back as REG_EXPAND_SZ: %VARIABLE% entries survive.
    expect(script).toContain("'DoNotExpandEnvironmentNames'")
    expect(script).toContain("'ExpandString'")
  })

  it('ships a launcher that runs the command with Node.js and passes its exit code on', () => {
    const cmd = readFileSync(`${root}build/bin/flipdrop.cmd`, 'utf8')
    expect(cmd).toContain('node "%~dp0..\\cli\\flipdrop.js" %*')
    expect(cmd).toContain('exit /b %ERRORLEVEL%')
  })
})

describe('the command on macOS and Linux', () => {
  it('ships the shell launcher into resources/bin on both', () => {
    for (const platform of ['mac', 'linux']) {
      expect(section(platform)['extraResources'], platform).toEqual([{ from: 'build/bin', to: 'bin', filter: ['flipdrop'] }])
    }
  })
})

// @ts-check
/**
 * electron-builder's afterPack hook (electron-builder.yml `afterPack`): what the config cannot say.
 *
 * 1. The `flipdrop` command's files in resources/cli. The command runs with the system's Node.js
 *    (the RunAsNode fuse is off), which cannot read app.asar, so it needs the build of src-main/cli
 *    outside the archive, and keytar beside it. resources/cli is laid out as the project is
 *    (package.json, out/main, node_modules/keytar), so every path the build assumes holds there
 *    too (src-main/cli/version.ts reads ../../package.json). Not extraResources: electron-builder
 *    leaves every extraResources source out of the app's files (platformPackager.js doPack,
 *    excludePatterns), so `from: out/main` would empty out/main in app.asar.
 *
 * 2. resources/signing.json on macOS: whether the build is signed with a real identity, as
 *    macSigningConfigured decides it. Squirrel.Mac installs updates only into such a build, and a
 *    running app cannot read its own signature from Electron, so the app reads this file
 *    (src-main/shell/app-updater.ts) and an unsigned copy offers the release page instead.
 *    Written before electron-builder signs the app, so a signed build's signature covers it.
 *
 * 3. The CookieEncryption fuse, which `electronFuses` can only set for every platform at once.
 *    Chromium encrypts cookies with a key kept in the OS store: DPAPI on Windows, the Secret
 *    Service on Linux, the Keychain on macOS. A macOS Keychain item is bound to the code signature
 *    of the app that made it; an unsigned (ad-hoc) build has a new one with every update, so macOS
 *    would ask for the login password after each update and, if refused, the cookies are lost. So
 *    on macOS the fuse is on only when a signing identity is configured (README "Releasing").
 *    electron-builder flips its own `electronFuses` after this hook (platformPackager.js:
 *    emitAfterPack, then doAddElectronFuses); calling `packager.addElectronFuses` from afterPack is
 *    its documented way to add fuses of one's own (platformPackager.d.ts). The two touch different
 *    fuses.
 */
import { cp, readFile, readdir, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'

/** Folder names under resources/, as the launchers in build/bin expect them. */
export const COMMAND_FOLDER = 'cli'

/** keytar's files needed at run time: lib/keytar.js loads only the native module. */
const KEYTAR_RUNTIME = ['package.json', 'LICENSE.md', 'lib', join('build', 'Release', 'keytar.node')]

/**
 * Whether this build will be signed with a real identity (not ad hoc), as app-builder-lib decides
 * it (codeSign/macCodeSign.js findIdentity): `mac.identity` or CSC_NAME names one, or CSC_LINK
 * gives a certificate, whose identity is then found by auto-discovery (off when
 * CSC_IDENTITY_AUTO_DISCOVERY is "false"). An identity that auto-discovery finds in the keychain
 * without CSC_LINK is not counted: the fuse then stays off, the safe side.
 * @param {Record<string, string | undefined>} env
 * @param {string | null | undefined} identity `mac.identity` (null: explicitly unsigned; "-": ad hoc)
 * @returns {boolean}
 */
export function macSigningConfigured(env, identity) {
  if (identity === null || identity === '-') return false
  if (typeof identity === 'string' && identity.trim() !== '') return true
  if (env['CSC_NAME']?.trim()) return true
  return Boolean(env['CSC_LINK']?.trim()) && env['CSC_IDENTITY_AUTO_DISCOVERY'] !== 'false'
}

/**
 * Whether the CookieEncryption fuse goes on for this platform (electron-builder's platform name).
 * @param {string} platformName "darwin", "mas", "win32" or "linux"
 * @param {Record<string, string | undefined>} env
 * @param {string | null | undefined} identity
 * @returns {boolean}
 */
export function cookieEncryptionFor(platformName, env, identity) {
  const mac = platformName === 'darwin' || platformName === 'mas'
  return mac ? macSigningConfigured(env, identity) : true
}

/** The file the app reads (src-main/shell/app-updater.ts SIGNING_FILE). */
export const SIGNING_FILE = 'signing.json'

/**
 * Writes resources/signing.json for a macOS build; other platforms update whatever their
 * signature, so they get none.
 * @param {string} resourcesDir
 * @param {string} platformName
 * @param {Record<string, string | undefined>} env
 * @param {string | null | undefined} identity
 * @returns {Promise<void>}
 */
export async function writeSigningFacts(resourcesDir, platformName, env, identity) {
  if (platformName !== 'darwin' && platformName !== 'mas') return
  const signed = macSigningConfigured(env, identity)
  await writeFile(join(resourcesDir, SIGNING_FILE), `${JSON.stringify({ signed })}\n`)
}

/**
 * Copies the command's build (every file of out/main but the app's entry, index.js: the shared
 * chunks and the intake workers are the command's too), a package.json with what the build reads
 * from it, and the packed keytar into resources/cli. keytar comes from app.asar.unpacked, so the
 * command loads the very binary the app was packed with (built for the target's architecture);
 * it is N-API, so Node.js loads it as Electron does.
 * @param {string} projectDir
 * @param {string} resourcesDir
 * @returns {Promise<void>}
 */
export async function copyCommand(projectDir, resourcesDir) {
  const built = join(projectDir, 'out', 'main')
  const target = join(resourcesDir, COMMAND_FOLDER)
  for (const name of await readdir(built)) {
    if (name === 'index.js' || name.endsWith('.map')) continue
    await cp(join(built, name), join(target, 'out', 'main', name), { recursive: true })
  }
  /** @type {{ name: string, productName: string, version: string, type: string }} */
  const project = JSON.parse(await readFile(join(projectDir, 'package.json'), 'utf8'))
  const { name, productName, version, type } = project
  await writeFile(join(target, 'package.json'), `${JSON.stringify({ name, productName, version, type, private: true }, null, 2)}\n`)
  const keytar = join(resourcesDir, 'app.asar.unpacked', 'node_modules', 'keytar')
  for (const part of KEYTAR_RUNTIME) {
    await cp(join(keytar, part), join(target, 'node_modules', 'keytar', part), { recursive: true })
  }
}

/**
 * @param {import('app-builder-lib').AfterPackContext} context
 * @returns {Promise<void>}
 */
export default async function afterPack(context) {
  // electron-builder's own copies, so the fuse wire format is the one it flips with.
  const requireFromBuilder = createRequire(createRequire(import.meta.url).resolve('app-builder-lib/package.json'))
  const { log } = requireFromBuilder('builder-util')
  const { FuseVersion, FuseV1Options } = requireFromBuilder('@electron/fuses')
  const packager = context.packager

  await copyCommand(packager.projectDir, packager.getResourcesDir(context.appOutDir))

  /** @type {{ identity?: string | null }} */
  const options = packager.platformSpecificBuildOptions
  await writeSigningFacts(packager.getResourcesDir(context.appOutDir), context.electronPlatformName, process.env, options.identity)
  if (!cookieEncryptionFor(context.electronPlatformName, process.env, options.identity)) {
    log.info({ reason: 'macOS build without a signing identity (README "Releasing")' }, 'CookieEncryption fuse left off')
    return
  }
  await packager.addElectronFuses(context, { version: FuseVersion.V1, [FuseV1Options.EnableCookieEncryption]: true })
}

import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { listPackage, statFile } from '@electron/asar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * A real `electron-builder --linux dir` run of the built app (out/, from `electron-vite build`,
 * which `npm test` runs first) against a stand-in Electron folder: packing, asar, asarUnpack,
 * extraResources, the afterPack hook and the fuse flips all run; only Electron itself is fake.
 * About 5 s here, so it stays in the default run.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { version: string; dependencies: Record<string, string> }

/** @electron/fuses' sentinel (dist/constants.js SENTINEL): the wire follows it. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
/** FuseV1Options order (@electron/fuses dist/config.js). */
const FUSES = [
  'RunAsNode',
  'EnableCookieEncryption',
  'EnableNodeOptionsEnvironmentVariable',
  'EnableNodeCliInspectArguments',
  'EnableEmbeddedAsarIntegrityValidation',
  'OnlyLoadAppFromAsar',
  'LoadBrowserProcessSpecificV8Snapshot',
  'GrantFileProtocolExtraPrivileges'
] as const
/** Electron's own defaults ('1' on, '0' off), as a fresh Electron binary carries them. */
const ELECTRON_DEFAULTS = '10110001'

/** The part of a packaging run the tests read. */
interface Packed {
  appOutDir: string
  resources: string
  asar: string
  milliseconds: number
}

let work = ''
let packed: Packed

/** A folder electron-builder takes as Electron (`electronDist`): an `electron` file carrying the fuse wire. */
function makeStandInElectron(folder: string): void {
  mkdirSync(folder, { recursive: true })
  const wire = Buffer.concat([Buffer.from('stand-in for Electron\n'), Buffer.from(FUSE_SENTINEL), Buffer.from([1, FUSES.length]), Buffer.from(ELECTRON_DEFAULTS)])
  writeFileSync(join(folder, 'electron'), wire, { mode: 0o755 })
  writeFileSync(join(folder, 'chrome-sandbox'), 'stand-in', { mode: 0o755 })
}

/** The fuse wire of a packed binary, by fuse name ('1' on, '0' off). */
function readFuses(binary: string): Record<string, string> {
  const bytes = readFileSync(binary)
  const at = bytes.indexOf(FUSE_SENTINEL) + FUSE_SENTINEL.length
  expect(bytes[at], 'fuse wire version').toBe(1)
  const states = bytes.subarray(at + 2, at + 2 + FUSES.length).toString('latin1')
  return Object.fromEntries(FUSES.map((name, index) => [name, states[index] ?? '?']))
}

beforeAll(() => {
  expect(existsSync(`${root}out/main/index.js`), 'run `npx electron-vite build` first (npm test does)').toBe(true)
  work = mkdtempSync(join(tmpdir(), 'flipdrop-pack-'))
  const electron = join(work, 'electron')
  makeStandInElectron(electron)
  const output = join(work, 'dist')
  const started = performance.now()
  const run = spawnSync(
    process.execPath,
    [
      `${root}node_modules/electron-builder/cli.js`,
      '--linux',
      'dir',
      '--config',
      'electron-builder.yml',
      `-c.electronDist=${electron}`,
      '-c.npmRebuild=false',
      `-c.directories.output=${output}`
    ],
    // No signing identity in the environment: the hook's decisions are the unsigned ones.
    { cwd: root, encoding: 'utf8', env: { ...process.env, CSC_LINK: '', CSC_NAME: '' } }
  )
  const milliseconds = performance.now() - started
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0)
  const appOutDir = join(output, 'linux-unpacked')
  const resources = join(appOutDir, 'resources')
  packed = { appOutDir, resources, asar: join(resources, 'app.asar'), milliseconds }
}, 120_000)

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('the packaged app (electron-builder --linux dir)', () => {
  it('packs within a minute, so it stays in the default test run', () => {
    expect(packed.milliseconds).toBeLessThan(60_000)
  })

  it('keeps app.asar at most 12 MB: pure-JavaScript packages are bundled, only keytar ships as a package', () => {
    expect(statSync(packed.asar).size).toBeLessThanOrEqual(12_000_000)
    const files = listPackage(packed.asar, { isPack: false })
    const packages = new Set(files.filter((file) => file.startsWith('/node_modules/')).map((file) => file.split('/').slice(2, file.split('/')[2]?.startsWith('@') ? 4 : 3).join('/')))
    expect([...packages]).toEqual(['keytar'])
    // Everything the app needs at run time besides what is bundled: package.json's dependencies.
    expect(Object.keys(pkg.dependencies)).toEqual(['keytar'])
  })

  it('loads no package at run time but keytar: the build imports only Node, Electron and keytar', () => {
    const builtins = new Set(builtinModules)
    const imported = new Set<string>()
    for (const name of readdirSync(`${root}out/main`)) {
      const text = readFileSync(`${root}out/main/${name}`, 'utf8')
      // As rolldown writes them: static imports at the start of a line, import("x"), __require("x").
      for (const match of text.matchAll(/^import\s(?:[^;]*?\sfrom\s*)?"([^"]+)"|\bimport\("([^"]+)"\)|\b__require\("([^"]+)"\)/gm)) {
        const specifier = match[1] ?? match[2] ?? match[3] ?? ''
        // A name, not a path or a template inside a string (pdf.js has `import("${t}")`).
        if (/^[\w@][\w@/.:-]*$/.test(specifier)) imported.add(specifier)
      }
    }
    const packages = [...imported].filter((specifier) => !specifier.startsWith('node:') && !builtins.has(specifier))
    expect(packages.sort()).toEqual(['electron', 'keytar'])
  })

  it('has the entries, the workers, the preload and the renderer, and no sources, tests or renderer packages', () => {
    const files = listPackage(packed.asar, { isPack: false })
    for (const file of ['/package.json', '/out/main/index.js', '/out/main/inspect-worker.js', '/out/main/pdf-parse-worker.js', '/out/preload/index.cjs', '/out/renderer/index.html']) {
      expect(files, file).toContain(file)
    }
    // pdf.js's worker, for the main process (parse worker) and for the renderer (thumbnails).
    expect(files.some((file) => /^\/out\/main\/pdf\.worker\.min-[\w-]+\.js$/.test(file))).toBe(true)
    expect(files.some((file) => /^\/out\/renderer\/assets\/pdf\.worker\.min-[\w-]+\.mjs$/.test(file))).toBe(true)

    const unexpected = files.filter(
      (file) =>
        /^\/(src-[a-z]+|test|scripts|build|docs|test-artifacts|bin)(\/|$)/.test(file) ||
        /\.(ts|vue|map)$/.test(file) ||
        /\/node_modules\/(vue|pinia|@vue|@tanstack|zod|undici|electron-updater|electron-log)(\/|$)/.test(file)
    )
    expect(unexpected).toEqual([])
  })

  it('ships each language other than English as one catalog chunk, loaded only when chosen', () => {
    const files = listPackage(packed.asar, { isPack: false })
    // "catalog-pt-BR-DwG9rxTw.js": the language, then the build's 8-character hash.
    const catalogs = files
      .filter((file) => file.startsWith('/out/renderer/assets/catalog-') && file.endsWith('.js'))
      .map((file) => file.slice('/out/renderer/assets/catalog-'.length, -'-12345678.js'.length))
    expect(catalogs.sort()).toEqual(['ar', 'ar-XB', 'de', 'en-XA', 'es', 'fr', 'it', 'ja', 'nl', 'pt-BR', 'zh-CN'])
  })

  it("unpacks keytar (its .node cannot load from inside the archive), and nothing else", () => {
    expect(statFile(packed.asar, 'node_modules/keytar/build/Release/keytar.node')).toMatchObject({ unpacked: true })
    expect(existsSync(join(packed.resources, 'app.asar.unpacked/node_modules/keytar/build/Release/keytar.node'))).toBe(true)
    const unpacked = listPackage(packed.asar, { isPack: true }).filter((line) => line.startsWith('unpack'))
    expect(unpacked.every((line) => line.includes('/node_modules/keytar'))).toBe(true)
  })

  it('puts the tray icons in resources/tray', () => {
    for (const name of ['tray.png', 'tray@2x.png', 'trayTemplate.png', 'trayTemplate@2x.png']) {
      expect(existsSync(join(packed.resources, 'tray', name)), name).toBe(true)
    }
  })

  it('flips the fuses: no Node escape hatches, integrity and asar-only on, cookies encrypted on Linux', () => {
    expect(readFuses(join(packed.appOutDir, 'flipdrop'))).toEqual({
      RunAsNode: '0',
      // By build/after-pack.mjs: Linux keeps the key in the Secret Service, no signature involved.
      EnableCookieEncryption: '1',
      EnableNodeOptionsEnvironmentVariable: '0',
      EnableNodeCliInspectArguments: '0',
      EnableEmbeddedAsarIntegrityValidation: '1',
      OnlyLoadAppFromAsar: '1',
      LoadBrowserProcessSpecificV8Snapshot: '0',
      GrantFileProtocolExtraPrivileges: '0'
    })
  })

  it('ships the command: resources/bin/flipdrop runs resources/cli with Node.js, also through a link', () => {
    const launcher = join(packed.resources, 'bin', 'flipdrop')
    expect(statSync(launcher).mode & 0o111, 'executable').toBe(0o111)
    // Only the launcher for this platform (flipdrop.cmd is Windows').
    expect(existsSync(join(packed.resources, 'bin', 'flipdrop.cmd'))).toBe(false)
    // As the deb links it: /usr/bin/flipdrop -> /opt/FlipDrop/resources/bin/flipdrop.
    const onPath = join(work, 'usr-bin')
    mkdirSync(onPath)
    symlinkSync(launcher, join(onPath, 'flipdrop'))
    const run = spawnSync(join(onPath, 'flipdrop'), ['--version'], { cwd: work, encoding: 'utf8' })
    expect(run.stderr).toBe('')
    expect(run.stdout.trim()).toBe(`flipdrop ${pkg.version}`)
    expect(run.status).toBe(0)
    // The app's entry is not the command's.
    expect(existsSync(join(packed.resources, 'cli/out/main/index.js'))).toBe(false)
    expect(existsSync(join(packed.resources, 'cli/out/main/inspect-worker.js'))).toBe(true)
  })

  it("gives the command keytar beside it, loadable by Node.js", () => {
    const load = spawnSync(process.execPath, ['--input-type=module', '-e', "const k = (await import('keytar')).default; process.stdout.write(typeof k.getPassword)"], {
      // Bare imports resolve from here as from the command's build.
      cwd: join(packed.resources, 'cli/out/main'),
      encoding: 'utf8'
    })
    expect(load.stderr).toBe('')
    expect(load.stdout).toBe('function')
  })

  it('says what to install when there is no Node.js on the PATH', () => {
    // A PATH with only what the launcher itself needs besides Node.js.
    const tools = join(work, 'tools')
    mkdirSync(tools)
    for (const tool of ['dirname', 'readlink']) {
      const found = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim()
      symlinkSync(found, join(tools, tool))
    }
    const run = spawnSync('/bin/sh', [join(packed.resources, 'bin', 'flipdrop'), '--help'], { encoding: 'utf8', env: { PATH: tools } })
    expect(run.stderr).toContain('flipdrop: needs Node.js 20.19 or newer on the PATH')
    expect(run.status).toBe(1)
  })
})

describe('the command entry, on an old Node.js', () => {
  it('names the Node.js it needs instead of failing on syntax', () => {
    const entry = readFileSync(`${root}build/cli/flipdrop.js`, 'utf8')
    const engines = (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { engines: { node: string } }).engines.node
    expect(engines).toBe('>=20.19.0')
    expect(entry).toContain('const MINIMUM = [20, 19]')
    // Pretend to be Node 18 by running the check with a patched process.versions.
    const dir = mkdtempSync(join(tmpdir(), 'flipdrop-entry-'))
    try {
      writeFileSync(join(dir, 'package.json'), '{"type":"module"}')
      writeFileSync(join(dir, 'entry.js'), entry)
      writeFileSync(join(dir, 'old-node.js'), "Object.defineProperty(process.versions, 'node', { value: '18.20.0' })\nawait import('./entry.js')\n")
      chmodSync(join(dir, 'old-node.js'), 0o644)
      const run = spawnSync(process.execPath, [join(dir, 'old-node.js')], { encoding: 'utf8' })
      expect(run.stderr).toContain('flipdrop: needs Node.js 20.19 or newer on the PATH; this is 18.20.0')
      expect(run.status).toBe(1)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Script, createContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { contract, listEventChannels, listInvokeChannels } from '../../src-shared/contract'
import { FILE_NAME_HEADER, FILES_PATH, TOKEN_HEADER } from '../host/wire'

const root = fileURLToPath(new URL('../..', import.meta.url))
const built = (path: string) => `${root}out/${path}`

// These tests read the output of `electron-vite build`, which `npm test` runs before vitest.
describe('the build', () => {
  it('writes the main entry, the preload and the renderer page', () => {
    for (const path of ['main/index.js', 'preload/index.cjs', 'renderer/index.html']) {
      expect(existsSync(built(path)), `out/${path}`).toBe(true)
    }
  })

  it("holds nothing of the test host's file route: the app never takes a file's bytes from the page", () => {
    for (const folder of ['main', 'preload']) {
      for (const name of readdirSync(built(folder), { recursive: true, encoding: 'utf8' }).filter((file) => /\.c?js$/.test(file))) {
        const source = readFileSync(built(`${folder}/${name}`), 'utf8')
        for (const marker of [FILES_PATH, TOKEN_HEADER, FILE_NAME_HEADER]) expect(source, `out/${folder}/${name}`).not.toContain(marker)
      }
    }
  })
})

type Listener = (event: unknown, payload: unknown) => void

describe('the built preload, run the way a sandboxed renderer runs it', () => {
  function runPreload() {
    const exposed = new Map<string, unknown>()
    const invoked: { channel: string; input: unknown }[] = []
    const listeners = new Map<string, Set<Listener>>()
    const electron = {
      contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
      ipcRenderer: {
        invoke: async (channel: string, input: unknown) => {
          invoked.push({ channel, input })
          return { ok: true, value: 'answered' }
        },
        on: (channel: string, listener: Listener) => {
          const set = listeners.get(channel) ?? new Set()
          set.add(listener)
          listeners.set(channel, set)
        },
        removeListener: (channel: string, listener: Listener) => listeners.get(channel)?.delete(listener)
      },
      webUtils: { getPathForFile: (file: { name: string }) => `/picked/${file.name}` }
    }
    const requested: string[] = []
    // Every way a script could send bytes out, as spies: the preload must use none of them.
    const network: string[] = []
    const spy = (name: string) =>
      function () {
        network.push(name)
        throw new Error(`${name} is not for the preload`)
      }
    // Sandboxed preloads get only a polyfilled require() that knows 'electron' and a few
    // built-ins; a classic Script (not a module) is exactly how the code is evaluated.
    const sandboxRequire = (name: string) => {
      requested.push(name)
      if (name === 'electron') return electron
      throw new Error(`module not found: ${name}`)
    }
    const source = readFileSync(built('preload/index.cjs'), 'utf8')
    new Script(source, { filename: 'index.cjs' }).runInContext(
      createContext({
        require: sandboxRequire,
        module: { exports: {} },
        exports: {},
        fetch: spy('fetch'),
        XMLHttpRequest: spy('XMLHttpRequest'),
        WebSocket: spy('WebSocket'),
        navigator: { sendBeacon: spy('sendBeacon') }
      })
    )
    const api = exposed.get('flipdrop') as Record<string, Record<string, (arg?: unknown) => unknown>> & {
      getPathForFile: (file: unknown) => string
      pathsForFiles: (files: unknown[]) => Promise<string[]>
      filePicker: unknown
    }
    return { exposed, api, invoked, listeners, requested, network }
  }

  it('loads as a plain script that requires only electron, and exposes one object', () => {
    const { requested, exposed } = runPreload()
    expect([...new Set(requested)]).toEqual(['electron'])
    expect([...exposed.keys()]).toEqual(['flipdrop'])
  })

  it('carries channel names only: no schema library, so it runs in a moment before every first paint', () => {
    const source = readFileSync(built('preload/index.cjs'), 'utf8')
    // Main checks every input; zod here cost 98 KB and about 110 ms before the page painted.
    expect(source).not.toMatch(/ZodError|\$ZodType|zod/i)
    expect(source.length).toBeLessThan(20 * 1024)
  })

  it('exposes exactly the contract: every invoke by name, every event as onX, nothing else, frozen', () => {
    const { api } = runPreload()
    expect(Object.keys(api).sort()).toEqual([...Object.keys(contract), 'filePicker', 'getPathForFile', 'pathsForFiles'].sort())
    for (const [area, methods] of Object.entries(contract)) {
      const expected = Object.entries(methods).map(([name, spec]) =>
        spec.kind === 'invoke' ? name : `on${name.charAt(0).toUpperCase()}${name.slice(1)}`
      )
      expect(Object.keys(api[area] ?? {}).sort(), area).toEqual(expected.sort())
      expect(Object.isFrozen(api[area]), area).toBe(true)
    }
    expect(Object.isFrozen(api)).toBe(true)
  })

  it('sends each invoke on its contract channel through ipcRenderer.invoke', async () => {
    const { api, invoked } = runPreload()
    for (const { area, method, spec } of listInvokeChannels()) {
      await expect(api[area]?.[method]?.('input')).resolves.toEqual({ ok: true, value: 'answered' })
      expect(invoked.at(-1)).toEqual({ channel: spec.channel, input: 'input' })
    }
  })

  it('delivers event payloads without the IPC event object, and unsubscribes', () => {
    const { api, listeners } = runPreload()
    for (const { area, method, spec } of listEventChannels()) {
      const received: unknown[] = []
      const unsubscribe = api[area]?.[`on${method.charAt(0).toUpperCase()}${method.slice(1)}`]?.((payload: unknown) =>
        received.push(payload)
      ) as () => void
      const sender = { sender: 'the IPC event, which must not reach the page' }
      for (const listener of listeners.get(spec.channel) ?? []) listener(sender, { hello: spec.channel })
      expect(received, spec.channel).toEqual([{ hello: spec.channel }])
      unsubscribe()
      expect(listeners.get(spec.channel)?.size ?? 0, spec.channel).toBe(0)
    }
  })

  it('finds dropped files\' paths through webUtils', () => {
    expect(runPreload().api.getPathForFile({ name: 'a.pdf' })).toBe('/picked/a.pdf')
  })

  it('exposes no upload: pathsForFiles is webUtils for each file, reads no byte, sends nothing, and "Add PDFs…" stays main\'s dialog', async () => {
    const { api, invoked, network } = runPreload()
    // Files whose bytes cannot be read: any read fails the call.
    const unreadable = (name: string) => ({
      name,
      arrayBuffer: spyRead,
      stream: spyRead,
      slice: spyRead,
      text: spyRead
    })
    const reads: string[] = []
    function spyRead(): never {
      reads.push('read')
      throw new Error('the preload must not read a file')
    }
    await expect(api.pathsForFiles([unreadable('a.pdf'), unreadable('Frühling 春.pdf')])).resolves.toEqual([
      '/picked/a.pdf',
      '/picked/Frühling 春.pdf'
    ])
    expect(reads).toEqual([])
    expect(network).toEqual([])
    expect(invoked).toEqual([])
    expect(api.filePicker).toBe('main')
  })
})

describe('the built renderer page', () => {
  it('takes its policy from the response header, not a <meta> (which would not cover workers)', () => {
    const html = readFileSync(built('renderer/index.html'), 'utf8')
    expect(html).not.toMatch(/http-equiv="Content-Security-Policy"/i)
  })

  it('paints a start-up status before any script runs', () => {
    const html = readFileSync(built('renderer/index.html'), 'utf8')
    expect(html).toMatch(/<div id="app"><p class="boot-status" role="status">Starting FlipDrop…<\/p><\/div>/)
  })
})

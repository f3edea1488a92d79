import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Script, createContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { listInvokeChannels } from '../../src-shared/contract'

const root = fileURLToPath(new URL('../..', import.meta.url))
const built = (path: string) => `${root}out/${path}`

// These tests read the output of `electron-vite build`, which `npm test` runs before vitest.
describe('the build', () => {
  it('writes the main entry, the preload and the renderer page', () => {
    for (const path of ['main/index.js', 'preload/index.mjs', 'renderer/index.html']) {
      expect(existsSync(built(path)), `out/${path}`).toBe(true)
    }
  })
})

describe('the built preload, run the way a sandboxed renderer runs it', () => {
  function runPreload() {
    const exposed = new Map<string, unknown>()
    const invoked: { channel: string; input: unknown }[] = []
    const electron = {
      contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
      ipcRenderer: {
        invoke: async (channel: string, input: unknown) => {
          invoked.push({ channel, input })
          return { ok: true, value: 'answered' }
        },
        on: () => {},
        removeListener: () => {}
      },
      webUtils: { getPathForFile: (file: { name: string }) => `/picked/${file.name}` }
    }
    const requested: string[] = []
    // Sandboxed preloads get only a polyfilled require() that knows 'electron' and a few
    // built-ins; a classic Script (not a module) is exactly how the code is evaluated.
    const sandboxRequire = (name: string) => {
      requested.push(name)
      if (name === 'electron') return electron
      throw new Error(`module not found: ${name}`)
    }
    const source = readFileSync(built('preload/index.mjs'), 'utf8')
    new Script(source, { filename: 'index.mjs' }).runInContext(
      createContext({ require: sandboxRequire, module: { exports: {} }, exports: {} })
    )
    return { exposed, invoked, requested }
  }

  it('loads as a plain script that requires only electron', () => {
    const { requested } = runPreload()
    expect([...new Set(requested)]).toEqual(['electron'])
  })

  it('exposes window.flipdrop with the contract methods, and calls through ipcRenderer.invoke', async () => {
    const { exposed, invoked } = runPreload()
    const api = exposed.get('flipdrop') as { app: { info: () => Promise<unknown> }; getPathForFile: (f: unknown) => string }
    expect([...exposed.keys()]).toEqual(['flipdrop'])
    await expect(api.app.info()).resolves.toEqual({ ok: true, value: 'answered' })
    expect(invoked).toEqual([{ channel: 'app:info', input: undefined }])
    expect(api.getPathForFile({ name: 'a.pdf' })).toBe('/picked/a.pdf')
    expect(listInvokeChannels().map(({ spec }) => spec.channel)).toContain('app:info')
  })
})

describe('the built renderer page', () => {
  it('carries a strict Content-Security-Policy', () => {
    const html = readFileSync(built('renderer/index.html'), 'utf8')
    const csp = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1] ?? ''
    const directives = new Map(
      csp.split(';').map((part) => {
        const [name = '', ...values] = part.trim().split(/\s+/)
        return [name, values.join(' ')] as const
      })
    )
    expect(directives.get('default-src')).toBe("'none'")
    expect(directives.get('script-src')).toBe("'self'")
    expect(directives.get('object-src')).toBe("'none'")
    expect(directives.get('base-uri')).toBe("'none'")
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).not.toContain('unsafe-eval')
  })
})

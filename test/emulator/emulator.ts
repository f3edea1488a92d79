import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serveAdmin } from './admin'
import { FaultRegistry } from './faults'
import { closeListener, createListener, listen, type Listener } from './http/listener'
import { createHandler, type Dispatch } from './http/pipeline'
import { RateLimiter } from './http/rate-limit'
import type { ServerEnv } from './http/route-context'
import { maxFileBytes, resolveOptions, type DocType, type EmulatorOptions, type EmulatorOptionsInput } from './options'
import { accountRoutes } from './routes/account'
import { createRoutes } from './routes/create'
import { itemRoutes } from './routes/items'
import { modifyRoutes } from './routes/modify'
import { servePublic } from './routes/public'
import { referenceRoutes } from './routes/references'
import { seedLibrary } from './seed'
import { warmPdfJudge } from './pdf'
import { buildSnapshot } from './snapshot'
import { SourceFetcher } from './source/fetch-source'
import { FileStore } from './state/file-store'
import { StatePersistence } from './state/persistence'
import { EmulatorState } from './state/store'
import type { StoredItem } from './state/types'

/** A running emulator, as startEmulator returns it. */
export interface RunningEmulator {
  /** Origin of the default host (Flipbooks), e.g. `http://127.0.0.1:8787` (`https://` with the tls option). */
  baseUrl: string
  /** Origin of the document host (Documents). */
  documentUrl: string
  /** Options after defaults. */
  options: EmulatorOptions
  /**
   * The live state: items, accounts, rate windows, request log, internal errors. Read items with
   * `itemOn(host, id)` / `itemsOn(host)` / `allItems()` in either mode; `items` (an ID map) only
   * without `separateHostIds`.
   */
  state: EmulatorState
  /** Injected faults: `faults.add({route, kind, ...})`. */
  faults: FaultRegistry
  /** Directory holding state.json (with a data dir) and the stored files. */
  dataDir: string
  /** Empties items, files, faults and counters; seeds again when asked (default: the seed option). */
  reset(seed?: boolean | number): Promise<void>
  /**
   * Adds `count` sample items to the account of `key` (default: the first key), each on the host
   * of its DocType: each key's own sample titles, in the library's own folders or spread over
   * `shape.folders`.
   */
  seed(count?: number, key?: string, shape?: { folders?: number }): Promise<StoredItem[]>
  /** JSON view of the state (what GET /__emulator/state returns). */
  snapshot(): Record<string, unknown>
  /** Stops both listeners, drops open connections, saves state, removes a temp data dir. */
  close(): Promise<void>
}

const ROUTES = [...referenceRoutes, ...accountRoutes, ...createRoutes, ...itemRoutes, ...modifyRoutes]

function seedCount(seed: boolean | number): number {
  return seed === true ? 36 : seed === false ? 0 : seed
}

/**
 * Starts the service emulator: two HTTP listeners sharing one state, the default host
 * (Flipbooks) and the document host (Documents), behaving like service-api.md. With the `tls`
 * option both listeners speak HTTPS with that key and certificate.
 */
export async function startEmulator(input: EmulatorOptionsInput = {}): Promise<RunningEmulator> {
  const options = resolveOptions(input)
  const ownDir = options.dataDir === undefined
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'flipdrop-emulator-')))
  const files = new FileStore(dataDir)
  await files.init()
  const state = new EmulatorState(options)
  const persistence = ownDir ? undefined : new StatePersistence(dataDir, () => state.toPersisted(), options.log)
  const saved = await persistence?.load()
  if (saved) state.loadPersisted(saved)
  if (persistence) state.onChange = () => persistence.schedule()

  const faults = new FaultRegistry()
  const origins: Record<DocType, string> = { Flipbook: '', Document: '' }
  const env: ServerEnv = {
    options,
    state,
    files,
    faults,
    limiter: new RateLimiter(state, options.rateLimit.limit, options.rateLimit.windowSeconds, options.now),
    source: new SourceFetcher({
      allow: options.allowSourceHosts,
      block: options.blockedSourceHosts,
      timeoutS: options.sourceTimeoutS,
      maxFileBytes: maxFileBytes(options),
      maxFileMb: options.maxFileMb
    }),
    origins,
    record: {
      viewerOrigin: (item) => origins[state.hostOf(item) === 'document' ? 'Document' : 'Flipbook'],
      utcOffsetMinutes: options.utcOffsetMinutes
    }
  }

  const urls = { baseUrl: '', documentUrl: '' }
  const seed = (count = 36, key = options.keys[0] ?? '', shape: { folders?: number } = {}): Promise<StoredItem[]> =>
    seedLibrary(env, key, count, { ...shape, account: Math.max(0, options.keys.indexOf(key)) })
  const reset = async (again?: boolean | number): Promise<void> => {
    faults.clear()
    env.limiter.clear()
    state.clear()
    await files.clear()
    const n = seedCount(again ?? options.seed)
    if (n > 0) await seed(n)
  }
  const snapshot = (): Record<string, unknown> => buildSnapshot(urls, options, state, faults)
  const hostNames = { base: '', document: '', documentNames: options.documentHostNames }
  const dispatch: Dispatch = {
    env,
    routes: ROUTES,
    hostNames: () => hostNames,
    admin: (ex, path, host) => serveAdmin(env, { reset, seed, snapshot }, ex, path, host),
    publicFiles: (ex, path, host) => servePublic(env, ex, path, host)
  }
  const servers = (['Flipbook', 'Document'] as const).map((docType) => createListener(createHandler(dispatch, docType), options.tls))
  const [flipServer, docServer] = servers as [Listener, Listener]
  const urlHost = options.host.includes(':') ? `[${options.host}]` : options.host
  let flipPort: number
  let docPort: number
  try {
    flipPort = await listen(flipServer, options.host, options.port)
    docPort = await listen(docServer, options.host, options.documentPort)
  } catch (err) {
    // A port in use: release what was opened before reporting.
    await Promise.all(servers.filter((s) => s.listening).map(closeListener))
    await env.source.close()
    if (ownDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
    throw err
  }
  hostNames.base = `${urlHost}:${String(flipPort)}`
  hostNames.document = `${urlHost}:${String(docPort)}`
  const scheme = options.tls ? 'https' : 'http'
  origins.Flipbook = urls.baseUrl = `${scheme}://${hostNames.base}`
  origins.Document = urls.documentUrl = `${scheme}://${hostNames.document}`

  if (!saved && seedCount(options.seed) > 0) await seed(seedCount(options.seed))
  warmPdfJudge()

  let closing: Promise<void> | null = null
  return {
    ...urls,
    options,
    state,
    faults,
    dataDir,
    reset,
    seed,
    snapshot,
    // Closing twice (a test that stops the service, then its fixture) closes once.
    close: () => (closing ??= (async () => {
      await Promise.all(servers.map(closeListener))
      await env.source.close()
      await persistence?.flush()
      // An upload still being written when the test ends can add a part file while the folder
      // is removed (ENOTEMPTY): Node's rm tries again.
      if (ownDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
    })())
  }
}

import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { WebSocketServer, type WebSocket } from 'ws'
import type { FilePicker } from '../../src-shared/contract/bridge'
import type { EventChannel } from '../../src-shared/contract/define'
import type { Envelope } from '../../src-shared/contract/errors'
import { boot, type Booted } from '../../src-main/core/boot'
import { createCore, type Core, type CoreConfig } from '../../src-main/core/core'
import type { Logger } from '../../src-main/core/log'
import { createDispatch } from '../../src-main/ipc/dispatch'
import { handlersOf } from '../../src-main/ipc/handler-table'
import { RENDERER_CSP } from '../../src-main/shell/content-security-policy'
import { createFileDrops, DEFAULT_MAX_FILE_BYTES } from './file-drops'
import { EMBED_PREVIEW_PATH } from '../../src-shared/share/embed-preview-path'
import { serveFixture } from './fixture-pages'
import { BRIDGE_PATH, decodeMessage, encodeMessage, FILES_PATH, PRELOAD_PATH, type ClientMessage, type ServerMessage } from './wire'

const root = fileURLToPath(new URL('../..', import.meta.url))

export interface TestHostOptions {
  /** The built renderer to serve (defaults to out/renderer). */
  rendererDir?: string
  /**
   * Folder that dropped files are taken from, by name (tests that drop files already on disk).
   * Without it, a file dropped or picked in the page is copied to the host first: see `filesDir`.
   */
  dropDir?: string
  /** "Add PDFs…" opens the browser's file picker in the page (the demo) instead of main's dialog (`chooseNext`). */
  pickFilesInPage?: boolean
  /** The largest file the page may copy to the host (default 1 GiB). */
  maxFileBytes?: number
  /** Test-only pages, by name: a bundled script each, served at fixturePagePath(name) (fixture-pages.ts). */
  fixturePages?: Readonly<Record<string, string>>
  /** Overrides parts of the core's configuration. */
  core?: Partial<CoreConfig>
  /** The user-data folder (settings, caches); a fresh temp folder by default. */
  userDataDir?: string
  /** Stands in for createCore (to test a start-up that fails, then succeeds on Retry). */
  startCore?: (config: CoreConfig, log: Logger) => Promise<Core>
  /** Return before the core has started (default: wait, since most tests want it ready). */
  returnWhileStarting?: boolean
}

/** One call seen on the bridge, kept for leak and contract checks. */
export interface TranscriptEntry {
  channel: string
  input: unknown
  reply: Envelope<unknown>
  /** When the page asked (Date.now()), before main answered. */
  askedAtMs: number
}

export interface TestHost {
  /** The page to open in Chromium. */
  url: string
  /** The started core (throws when start-up failed). */
  readonly core: Core
  booted: Booted
  /** Every invoke and its reply, in order. */
  transcript: TranscriptEntry[]
  /** Links the core asked the OS to open. */
  openedUrls: string[]
  /** Texts put on the clipboard through main, oldest first. */
  copiedTexts: string[]
  /** Rich text (HTML with its plain-text side) put on the clipboard by Share, oldest first. */
  copiedRich: { text: string; html: string }[]
  /** Images (PNG bytes) put on the clipboard by Share, oldest first. */
  copiedImages: Uint8Array[]
  /** Files Share started dragging out of the window, with the drag's icon, oldest first. */
  draggedFiles: { file: string; icon: Uint8Array }[]
  /** What the next "Save QR codes…" folder dialog returns; none queued = cancelled. */
  chooseShareFolderNext(path: string | null): void
  /** Files and folders the core asked the file manager to show ("Show in folder"), oldest first. */
  shownInFolder: string[]
  /** What the next "Add PDFs…" dialog returns (each call answers one dialog; none queued = cancelled). */
  chooseNext(paths: readonly string[]): void
  /** Where the next "Download PDF" save dialog saves (each call answers one dialog; null or none queued = cancelled). */
  saveNext(path: string | null): void
  /** What the next folder dialog ("Add a hot folder…") returns; none queued = cancelled. */
  chooseFolderNext(path: string | null): void
  userDataDir: string
  /** Where files copied from the page land, one random folder each: `<userDataDir>/browser-drops`. */
  filesDir: string
  /** Every line the core logged (already redacted). */
  logLines: string[]
  /** Sends a contract event to every connected page. */
  emit<P>(spec: EventChannel<P>, payload: P): void
  close(): Promise<void>
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  // pdf.js's worker is an ES module (.mjs); module scripts and workers need a JavaScript type.
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2'
}

async function bundlePreloadStandIn(token: string, dropDir: string, filePicker: FilePicker): Promise<string> {
  const result = await build({
    entryPoints: [join(root, 'test/host/preload-stand-in.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    define: { __FLIPDROP_HOST__: JSON.stringify({ token, dropDir, filePicker }) }
  })
  const output = result.outputFiles[0]
  if (!output) throw new Error('esbuild produced no preload stand-in')
  return output.text
}

/**
 * Runs the real core and the real handler table in Node, serves the built renderer on
 * 127.0.0.1 and carries the contract over a WebSocket, so e2e tests drive the app in
 * Chromium exactly as Electron would, minus Electron. Files dropped or picked in the page,
 * which a browser gives no path, are copied to `filesDir` through its file route
 * (file-drops.ts) unless `dropDir` names them. A test tool, never shipped.
 */
export async function startTestHost(options: TestHostOptions = {}): Promise<TestHost> {
  const rendererDir = options.rendererDir ?? join(root, 'out/renderer')
  const token = randomBytes(24).toString('hex')
  const openedUrls: string[] = []
  const copiedTexts: string[] = []
  const copiedRich: { text: string; html: string }[] = []
  const copiedImages: Uint8Array[] = []
  const draggedFiles: { file: string; icon: Uint8Array }[] = []
  const shareFolders: (string | null)[] = []
  const shownInFolder: string[] = []
  const chosenFiles: string[][] = []
  const savePaths: (string | null)[] = []
  const folders: (string | null)[] = []
  const transcript: TranscriptEntry[] = []
  const userDataDir = options.userDataDir ?? (await mkdtemp(join(tmpdir(), 'flipdrop-host-')))
  const logLines: string[] = []
  let broadcast: (message: ServerMessage) => void = () => {}
  const booted = boot({
    app: {
      info: {
        name: 'FlipDrop',
        version: JSON.parse(await readFile(join(root, 'package.json'), 'utf8')).version as string,
        platform: process.platform,
        versions: { electron: 'test-host', chrome: 'test-host', node: process.versions.node }
      },
      openUrl: async (url) => {
        openedUrls.push(url)
      },
      copyText: (text) => {
        copiedTexts.push(text)
      },
      showInFolder: (path) => {
        shownInFolder.push(path)
      }
    },
    userDataDir,
    logSink: (level, line) => logLines.push(`${level}: ${line}`),
    emit: (spec, payload) => broadcast({ event: spec.channel, payload }),
    // "Add PDFs…": the test queues what the dialog will return with chooseNext().
    choosePdfs: async () => chosenFiles.shift() ?? [],
    // "Download PDF": the test says where with saveNext().
    chooseSavePath: async () => savePaths.shift() ?? null,
    showInFolder: (path) => void shownInFolder.push(path),
    chooseFolder: async () => folders.shift() ?? null,
    share: {
      copyRich: (text, html) => void copiedRich.push({ text, html }),
      copyImage: (png) => void copiedImages.push(png),
      startDrag: (file, icon) => void draggedFiles.push({ file, icon }),
      chooseFolder: async () => shareFolders.shift() ?? null
    },
    ...options.core
  }, options.startCore ?? createCore)
  // Most tests want a started core; a failing or slow start is the test's to observe.
  if (!options.returnWhileStarting) await booted.startup.ready().catch(() => {})
  const dispatch = createDispatch(handlersOf(booted), booted.log)
  const preloadScript = await bundlePreloadStandIn(token, options.dropDir ?? '', options.pickFilesInPage ? 'page' : 'main')
  const filesDir = join(userDataDir, 'browser-drops')

  const server = createServer()
  const sockets = new WebSocketServer({ noServer: true })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const receiveFile = createFileDrops({ folder: filesDir, token, origin, maxBytes: options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES })
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '').split('?')[0]
    if (path === FILES_PATH) void receiveFile(request, response)
    else if (path === `/${EMBED_PREVIEW_PATH}`) void serveEmbedPreview(request, response)
    else void serveStatic(request, response, rendererDir, preloadScript, options.fixturePages ?? {})
  })

  // The Share sheet's embed preview, answered by the core as Electron's app:// handler does.
  async function serveEmbedPreview(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const core = await booted.startup.ready()
    const answer = await core.share.embedPreview(new URL(request.url ?? '/', origin).searchParams)
    response.writeHead(answer.status, { ...answer.headers, 'X-Content-Type-Options': 'nosniff' }).end(answer.body)
  }

  broadcast = (message) => {
    for (const client of sockets.clients) client.send(encodeMessage(message))
  }

  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', origin)
    // Same checks Electron's trusted-sender wrapper makes: our page, and only our page.
    if (url.pathname !== BRIDGE_PATH || request.headers.origin !== origin || url.searchParams.get('token') !== token) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n')
      return
    }
    sockets.handleUpgrade(request, socket, head, (ws) => serveBridge(ws))
  })

  function serveBridge(ws: WebSocket): void {
    ws.on('message', (data) => {
      let message: ClientMessage
      try {
        message = decodeMessage<ClientMessage>(data.toString())
      } catch {
        return
      }
      const askedAtMs = Date.now()
      void dispatch(message.channel, message.input).then((reply) => {
        transcript.push({ channel: message.channel, input: message.input, reply, askedAtMs })
        const out: ServerMessage = { id: message.id, reply }
        ws.send(encodeMessage(out))
      })
    })
  }

  return {
    url: `${origin}/index.html`,
    get core() {
      const core = booted.startup.current
      if (!core) throw new Error(`the core did not start: ${booted.startup.state().message ?? ''}`)
      return core
    },
    booted,
    transcript,
    openedUrls,
    copiedTexts,
    copiedRich,
    copiedImages,
    draggedFiles,
    chooseShareFolderNext(path) {
      shareFolders.push(path)
    },
    shownInFolder,
    chooseNext(paths) {
      chosenFiles.push([...paths])
    },
    chooseFolderNext(path) {
      folders.push(path)
    },
    saveNext(path) {
      savePaths.push(path)
    },
    userDataDir,
    filesDir,
    logLines,
    emit(spec, payload) {
      broadcast({ event: spec.channel, payload })
    },
    async close() {
      await booted.close()
      for (const client of sockets.clients) client.terminate()
      sockets.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}

async function serveStatic(
  request: IncomingMessage,
  response: ServerResponse,
  rendererDir: string,
  preloadScript: string,
  fixturePages: Readonly<Record<string, string>>
): Promise<void> {
  let pathname: string
  try {
    pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname)
  } catch {
    // A malformed escape (/%E0) would otherwise reject unheard and stop the host.
    response.writeHead(400).end()
    return
  }
  if (serveFixture(pathname, response, fixturePages)) return
  if (pathname === PRELOAD_PATH) {
    response.writeHead(200, { 'content-type': MIME['.js'] }).end(preloadScript)
    return
  }
  const file = normalize(join(rendererDir, pathname === '/' ? 'index.html' : pathname))
  if (!file.startsWith(rendererDir + sep)) {
    response.writeHead(403).end()
    return
  }
  try {
    let body: Buffer | string = await readFile(file)
    if (file.endsWith('index.html')) {
      // The stand-in must run before the app's module script, as a preload would, and after
      // the CSP meta tag, so the policy covers it too.
      body = body.toString('utf8').replace('</head>', `  <script src="${PRELOAD_PATH}"></script>\n  </head>`)
    }
    // The same policy the app:// handler sends, as a header, so it covers workers too.
    response
      .writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream', 'content-security-policy': RENDERER_CSP })
      .end(body)
  } catch {
    response.writeHead(404).end()
  }
}

import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embedPreviewPage } from '../../../../src-main/core/share/embed-preview-page'
import { DEFAULT_QR_OPTIONS, type ShareItem, type ShareRef } from '../../../../src-shared/domain/share'
import { embedCode } from '../../../../src-shared/share/embed-code'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { decodePng, rasteriseSvg, readQr } from '../../../support/qr-decode'
import { encodePng } from '../../../support/png'
import { QUEUE_KEY, startQueueCore, type QueueCore } from '../../../support/queue-fixture'

let emulator: RunningEmulator
let running: QueueCore
let files: string
const copiedTexts: string[] = []
const copiedRich: { text: string; html: string }[] = []
const copiedImages: Uint8Array[] = []
const drags: { file: string; icon: Uint8Array }[] = []
const savePaths: (string | null)[] = []
const folders: (string | null)[] = []
/** Titles that file names and rich text must carry intact. */
const TITLES = ['🌸 Spring / Summer 2027', 'قائمة الطعام', '春のカタログ', '=HYPERLINK("x")', 'Menu, "Café" Rouge']

const share = () => running.core.share
let refs: ShareRef[]

beforeAll(async () => {
  emulator = await startEmulator({ keys: [QUEUE_KEY], seed: true, log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-share-files-'))
  const flipbooks = emulator.state.itemsOf(QUEUE_KEY).filter((item) => item.docType === 'Flipbook').slice(0, TITLES.length)
  flipbooks.forEach((item, index) => (item.title = TITLES[index] ?? item.title))
  emulator.state.changed()
  running = await startQueueCore(emulator, {
    core: {
      app: {
        info: { name: 'FlipDrop', version: '9.9.9', platform: 'linux', versions: { electron: '45.0.0', chrome: '140.0.0', node: '22.0.0' } },
        openUrl: async () => {},
        copyText: (text) => void copiedTexts.push(text)
      },
      share: {
        copyRich: (text, html) => void copiedRich.push({ text, html }),
        copyImage: (png) => void copiedImages.push(png),
        startDrag: (file, icon) => void drags.push({ file, icon }),
        chooseFolder: async () => folders.shift() ?? null
      },
      chooseSavePath: async () => savePaths.shift() ?? null
    }
  })
  await running.core.library.sync()
  refs = flipbooks.map((item) => ({ id: item.id, docType: 'Flipbook' }))
})
afterAll(async () => {
  await running?.core.close()
  await emulator?.close()
})

/** Requests the emulator has seen so far. */
const requestCount = () => emulator.state.requests.length

describe('sharing reads what the service already returned, and sends nothing', () => {
  it('names and public links in the order asked, from the synced library, without a request', async () => {
    const before = requestCount()
    const reversed = [...refs].reverse()
    const items = await share().items(reversed)
    expect(items.map((item) => item.title)).toEqual([...TITLES].reverse())
    for (const item of items) {
      const stored = emulator.state.itemsOf(QUEUE_KEY).find((entry) => entry.id === item.id)
      expect(item.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/view\//)
      expect(item.url.endsWith(`/${stored?.slug ?? '?'}`)).toBe(true)
      expect(item.embedUrl).toMatch(/\/embed\//)
    }
    await share().qrPreview({ ref: refs[0] ?? { id: 0, docType: 'Flipbook' }, options: DEFAULT_QR_OPTIONS })
    expect(requestCount()).toBe(before)
  })

  it('an item the service does not know is refused in words', async () => {
    await expect(share().items([{ id: 987654, docType: 'Flipbook' }])).rejects.toThrow(/not found|no longer|does not exist/i)
  })

  it('plain text goes to the clipboard as text; rich text as HTML with its plain side', async () => {
    share().copy({ text: 'https://a.example/view/x', html: null })
    share().copy({ text: 'https://a.example/view/x', html: '<a href="https://a.example/view/x" dir="auto">قائمة الطعام</a>' })
    expect(copiedTexts.at(-1)).toBe('https://a.example/view/x')
    expect(copiedRich.at(-1)).toEqual({ text: 'https://a.example/view/x', html: '<a href="https://a.example/view/x" dir="auto">قائمة الطعام</a>' })
  })
})

describe('QR codes saved, copied and dragged', () => {
  it('several items: one file each in the folder chosen, named after its title, never over a file already there', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'flipdrop-share-codes-'))
    await writeFile(join(folder, '春のカタログ.svg'), 'kept')
    folders.push(folder)
    const saved = await share().saveQr({ refs, options: DEFAULT_QR_OPTIONS, type: 'svg' })
    expect(saved?.folder).toBe(folder)
    expect((await readdir(folder)).sort()).toEqual(
      ['🌸 Spring - Summer 2027.svg', 'قائمة الطعام.svg', '春のカタログ.svg', '春のカタログ (2).svg', '=HYPERLINK(-x-).svg', 'Menu, -Café- Rouge.svg'].sort()
    )
    expect(await readFile(join(folder, '春のカタログ.svg'), 'utf8')).toBe('kept')
    const items = await share().items(refs)
    for (const [index, path] of (saved?.paths ?? []).entries()) {
      const svg = await readFile(path)
      expect(readQr(await rasteriseSvg(svg, 400))).toBe(items[index]?.url)
    }
  })

  it('one item: where the save dialog says; cancelled, nothing is written', async () => {
    const path = join(files, 'code.png')
    savePaths.push(path)
    const saved = await share().saveQr({ refs: refs.slice(0, 1), options: { ...DEFAULT_QR_OPTIONS, dpi: 600 }, type: 'png' })
    expect(saved?.paths).toEqual([path])
    const [item] = await share().items(refs.slice(0, 1))
    expect(readQr(decodePng(await readFile(path)))).toBe(item?.url)
    expect(await share().saveQr({ refs: refs.slice(0, 1), options: DEFAULT_QR_OPTIONS, type: 'png' })).toBeNull()
  })

  it('copied as a PNG image; dragged as a file written in the data folder first, with the code as its icon', async () => {
    const ref = refs[1] ?? { id: 0, docType: 'Flipbook' }
    const [item] = await share().items([ref])
    await share().copyQr({ ref, options: DEFAULT_QR_OPTIONS })
    expect(readQr(decodePng(copiedImages.at(-1) ?? new Uint8Array()))).toBe(item?.url)
    await share().dragQr({ ref, options: DEFAULT_QR_OPTIONS, type: 'pdf' })
    const drag = drags.at(-1)
    expect(drag?.file).toBe(join(running.dir, 'shared-codes', 'قائمة الطعام.pdf'))
    expect((await readFile(drag?.file ?? '')).subarray(0, 5).toString()).toBe('%PDF-')
    const icon = decodePng(drag?.icon ?? new Uint8Array())
    expect(icon.width).toBe(64)
    // A second drag empties the folder first: it never fills up.
    await share().dragQr({ ref: refs[2] ?? ref, options: DEFAULT_QR_OPTIONS, type: 'svg' })
    expect(await readdir(join(running.dir, 'shared-codes'))).toEqual(['春のカタログ.svg'])
  })
})

describe('CSV and social card', () => {
  it('CSV: BOM, header, one row per item in order, cells quoted and formula-safe, embed code and QR file name', async () => {
    const path = join(files, 'links.csv')
    savePaths.push(path)
    await share().saveCsv({ refs, embedSize: { kind: 'responsive', ratio: '16:9' }, qrType: 'png', linkFormat: 'markdown' })
    const text = await readFile(path, 'utf8')
    expect(text.startsWith('\uFEFFName,Title,Link,Embed code,QR file\r\n')).toBe(true)
    const lines = text.slice(1).trimEnd().split('\r\n')
    expect(lines).toHaveLength(refs.length + 1)
    const items = await share().items(refs)
    expect(lines[2]).toContain('قائمة الطعام')
    expect(lines[2]).toContain(`[قائمة الطعام](${items[1]?.url ?? ''})`)
    expect(lines[4]).toContain(`"'=HYPERLINK(""x"")"`)
    expect(lines[5]).toContain('"Menu, ""Café"" Rouge"')
    expect(lines[1]).toContain('🌸 Spring - Summer 2027.png')
    expect(lines[1]).toContain('padding-top:56.25%')
  })

  it('a social card is saved only as a 1200 × 630 PNG', async () => {
    const ref = refs[0] ?? { id: 0, docType: 'Flipbook' }
    const wrong = new Uint8Array(encodePng(Buffer.alloc(10 * 10 * 3), 10, 10, 'rgb'))
    await expect(share().saveSocialCard({ ref, png: wrong })).rejects.toThrow('A social card is a 1200 × 630 PNG image.')
    const card = new Uint8Array(encodePng(Buffer.alloc(1200 * 630 * 3, 200), 1200, 630, 'rgb'))
    const path = join(files, 'card.png')
    savePaths.push(path)
    const saved = await share().saveSocialCard({ ref, png: card })
    expect(saved?.paths).toEqual([path])
    expect(decodePng(await readFile(path)).width).toBe(1200)
  })
})

describe('the embed preview document', () => {
  const item: ShareItem = { id: 7, docType: 'Flipbook', name: 'spring.pdf', title: 'Spring <catalogue>', url: 'https://go.example/view/spring', embedUrl: 'https://go.example/embed/spring', coverUrl: null }

  it('is exactly the code the sheet copies, framing exactly that origin and running no script', () => {
    const size = { kind: 'fixed', width: 800, height: 450 } as const
    const page = embedPreviewPage(item, size)
    expect(page.status).toBe(200)
    expect(page.headers['Content-Security-Policy']).toBe("default-src 'none'; frame-src https://go.example; style-src 'unsafe-inline'; frame-ancestors 'self'")
    expect(page.body).toContain(`<body style="margin:0">${embedCode({ ...item, embedUrl: 'https://go.example/embed/spring' }, size)}</body>`)
    expect(page.body).not.toContain('<script')
    expect(page.body).toContain('Spring &lt;catalogue&gt;')
  })

  it('an http embed, an unknown item or a bad address get a sentence, never a frame', async () => {
    expect(embedPreviewPage({ ...item, embedUrl: 'http://go.example/embed/spring' }, { kind: 'responsive', ratio: '4:3' }).body).toContain('secure (https) link')
    const ref = refs[0] ?? { id: 0, docType: 'Flipbook' }
    const viaCore = await share().embedPreview(new URLSearchParams({ docType: 'Flipbook', id: String(ref.id), kind: 'responsive', ratio: '16:9' }))
    // This emulator serves plain http: the preview says so.
    expect(viaCore.body).toContain('secure (https) link')
    expect(viaCore.headers['Content-Security-Policy']).not.toContain('frame-src')
    const unknown = await share().embedPreview(new URLSearchParams({ docType: 'Flipbook', id: '987654', kind: 'responsive', ratio: '16:9' }))
    expect(unknown.status).toBe(404)
    const bad = await share().embedPreview(new URLSearchParams({ docType: 'Flipbook', id: '1', kind: 'fixed', width: '99999', height: '1' }))
    expect(bad.status).toBe(404)
  })
})

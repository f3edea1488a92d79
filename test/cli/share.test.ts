import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embedCode } from '../../src-shared/share/embed-code'
import { startEmulator, type RunningEmulator, type StoredItem } from '../emulator'
import { decodePng, rasterisePdf, rasteriseSvg, readQr } from '../support/qr-decode'
import { cliKit, jsonOf } from './cli-test-kit'
import { runCliInProcess as runCli } from './in-process-cli'

const KEY = 'fd-cli-share-key-91d4'
let emulator: RunningEmulator
let files: string
const { cli } = cliKit(() => emulator, KEY, runCli)
let spring: StoredItem
let arabic: StoredItem
let emoji: StoredItem

/** The public links the service gives an item (the emulator's URL scheme). */
const urlOf = (item: StoredItem): string => `${emulator.baseUrl}/view/${item.slug}`
const embedUrlOf = (item: StoredItem): string => `${emulator.baseUrl}/embed/${item.slug}`

interface ShareRecord {
  id: number
  name: string
  title: string
  url: string
  embedUrl: string | null
  markdown: string
  html: string
  embed: string | null
  qr: { file: string; type: string; sizeMm: number; modules: number; ecc: string } | null
}

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], seed: true, log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-cli-share-'))
  const flipbooks = emulator.state.itemsOf(KEY).filter((item) => item.docType === 'Flipbook')
  ;[spring, arabic, emoji] = flipbooks as [StoredItem, StoredItem, StoredItem]
  spring.title = 'Spring [catalogue]'
  arabic.title = 'قائمة الطعام'
  emoji.title = '🌸 Menu / Café'
  emulator.state.changed()
})
afterAll(async () => {
  await emulator?.close()
})

describe('flipdrop share: links', { timeout: 120_000 }, () => {
  it('prints each link in the format asked, one line per item in the order given', async () => {
    const refs = [String(spring.id), arabic.slug, urlOf(emoji)]
    const plain = await cli(['share', ...refs])
    expect(plain.code, plain.stderr).toBe(0)
    expect(plain.stdout.trimEnd().split('\n')).toEqual([urlOf(spring), urlOf(arabic), urlOf(emoji)])
    const markdown = await cli(['share', ...refs, '--format', 'markdown'])
    expect(markdown.stdout.trimEnd().split('\n')).toEqual([`[Spring \\[catalogue\\]](${urlOf(spring)})`, `[قائمة الطعام](${urlOf(arabic)})`, `[🌸 Menu / Café](${urlOf(emoji)})`])
    const html = await cli(['share', String(arabic.id), '--format', 'html'])
    expect(html.stdout.trim()).toBe(`<a href="${urlOf(arabic)}" dir="auto">قائمة الطعام</a>`)
    const embed = await cli(['share', String(spring.id), '--format', 'embed', '--embed-size', '800x600'])
    expect(embed.stdout.trim()).toBe(`<iframe src="${embedUrlOf(spring)}" title="Spring [catalogue]" width="800" height="600" style="max-width:100%;border:0" frameborder="0" allowfullscreen loading="lazy"></iframe>`)
    const a4 = await cli(['share', String(spring.id), '--format', 'embed', '--embed-size', 'a4'])
    expect(a4.stdout).toContain('padding-top:141.4286%')
  })

  it('--json: one record per item with every format and no code', async () => {
    const run = await cli(['share', String(spring.id), String(arabic.id), '--json'])
    expect(run.code, run.stderr).toBe(0)
    const records = jsonOf<ShareRecord[]>(run)
    expect(records.map((record) => record.id)).toEqual([spring.id, arabic.id])
    const [first] = records
    expect(first).toEqual({
      id: spring.id,
      name: spring.name,
      title: 'Spring [catalogue]',
      url: urlOf(spring),
      embedUrl: embedUrlOf(spring),
      markdown: `[Spring \\[catalogue\\]](${urlOf(spring)})`,
      html: `<a href="${urlOf(spring)}" dir="auto">Spring [catalogue]</a>`,
      embed: embedCode({ title: 'Spring [catalogue]', name: spring.name, url: urlOf(spring), embedUrl: embedUrlOf(spring) }, { kind: 'responsive', ratio: '16:9' }),
      qr: null
    })
  })
})

describe('flipdrop share: QR codes', { timeout: 120_000 }, () => {
  it('--qr writes one code of the type its extension names, decoding to exactly the item\'s link', async () => {
    for (const type of ['svg', 'png', 'pdf'] as const) {
      const path = join(files, `spring.${type}`)
      const run = await cli(['share', String(spring.id), '--qr', path, '--qr-size', '1.2in', '--ecc', 'q', '--json'])
      expect(run.code, run.stderr).toBe(0)
      const [record] = jsonOf<ShareRecord[]>(run)
      expect(record?.qr).toMatchObject({ file: path, type, sizeMm: 30.48, ecc: 'Q' })
      const bytes = await readFile(path)
      const raster = type === 'png' ? decodePng(bytes) : type === 'svg' ? await rasteriseSvg(bytes, 500) : await rasterisePdf(bytes, 6)
      expect(readQr(raster)).toBe(urlOf(spring))
      if (type === 'png') expect(raster.width).toBe(Math.round((30.48 / 25.4) * 300))
    }
    const human = await cli(['share', String(spring.id), '--qr', join(files, 'human.svg')])
    expect(human.stdout.trim()).toMatch(/human\.svg {2}30 mm, \d+×\d+ modules, error correction M, reads from up to 30 cm$/)
  })

  it('--qr-dir writes one code per item named after its title; an existing file is refused without --force, nothing written', async () => {
    const dir = join(files, 'codes')
    const refs = [String(spring.id), String(arabic.id), String(emoji.id)]
    const run = await cli(['share', ...refs, '--qr-dir', dir, '--qr-type', 'png', '--dpi', '600', '--json'])
    expect(run.code, run.stderr).toBe(0)
    expect((await readdir(dir)).sort()).toEqual(['Spring [catalogue].png', 'قائمة الطعام.png', '🌸 Menu - Café.png'].sort())
    expect(readQr(decodePng(await readFile(join(dir, 'قائمة الطعام.png'))))).toBe(urlOf(arabic))
    const again = await cli(['share', ...refs, '--qr-dir', dir, '--qr-type', 'png'])
    expect(again.code).toBe(2)
    expect(again.stderr).toContain(`${join(dir, 'Spring [catalogue].png')} already exists: nothing was written. Add --force to replace it.`)
    await writeFile(join(dir, 'قائمة الطعام.png'), 'old')
    const forced = await cli(['share', ...refs, '--qr-dir', dir, '--qr-type', 'png', '--force'])
    expect(forced.code, forced.stderr).toBe(0)
    expect(readQr(decodePng(await readFile(join(dir, 'قائمة الطعام.png'))))).toBe(urlOf(arabic))
  })

  it('bad options are exit 2 with what to write instead, before any lookup', async () => {
    const cases: [string[], string][] = [
      [['--format', 'bbcode'], '--format takes url, markdown, html or embed, not "bbcode".'],
      [['--embed-size', 'huge'], '--embed-size takes responsive, 16:9, 4:3, a4 or a size like 800x600'],
      [['--qr', join(files, 'a.jpg')], '--qr writes .svg, .png or .pdf files;'],
      [['--qr', join(files, 'b.png'), '--dpi', '100'], 'A PNG at 100 dpi is not print-ready (118 pixels for 30 mm): use --dpi 150 or more; 300 is usual.'],
      [['--qr', join(files, 'c.svg'), '--qr-size', 'big'], '--qr-size: “big” is not a print size: write it like 30mm or 1.2in.'],
      [['--qr', join(files, 'd.svg'), '--ecc', 'X'], '--ecc takes L, M, Q or H, not "X".'],
      [['--dpi', '300'], '--dpi goes with --qr or --qr-dir.'],
      [['--qr-type', 'png'], '--qr-type goes with --qr-dir'],
      [[String(arabic.id), '--qr', join(files, 'e.svg')], '--qr writes one code, and 2 items were named: use --qr-dir for a folder of them.']
    ]
    const before = emulator.state.requests.length
    for (const [args, message] of cases) {
      const run = await cli(['share', String(spring.id), ...args])
      expect(run.code, args.join(' ')).toBe(2)
      expect(run.stderr).toContain(message)
    }
    expect(emulator.state.requests.length).toBe(before)
  })

  it('an unknown item is exit 1 naming it; a wrong key exit 3', async () => {
    const missing = await cli(['share', 'no-such-slug'])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('Item not found: "no-such-slug"')
    const badKey = await cli(['share', String(spring.id)], { extra: { FLIPDROP_API_KEY: 'fd-not-a-key-0000' } })
    expect(badKey.code).toBe(3)
  })
})

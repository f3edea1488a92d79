import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppError } from '../../../src-shared/contract/errors'
import type { ShareRef } from '../../../src-shared/domain/share'
import type { HandlersOf } from '../area-handlers'
import { sentence } from '../i18n/sentence'
import { writeFileDurably } from '../storage/durable-file'
import { embedPreviewPage, readPreviewQuery, type PreviewAnswer } from './embed-preview-page'
import { pngSize } from './png-size'
import { drawQrFile, qrPreview } from './qr/index'
import { qrFileName } from './qr/qr-file-names'
import { saveOneQrCode, saveQrCodesInto } from './save-qr-codes'
import { shareCsv } from './share-csv'
import type { ShareHost } from './share-host'
import { localShareItem, shareItems, type ShareItemSource } from './share-items'

/** The social card's size: what Facebook, LinkedIn and X show large (1.91:1). */
export const SOCIAL_CARD = { width: 1200, height: 630 } as const

/** The drag icon's side in pixels: the code itself, small. */
const DRAG_ICON_PIXELS = 64

export interface ShareDeps {
  items: ShareItemSource
  /** Plain text to the clipboard (the `app` host's). */
  copyText(text: string): void
  /** The rest of the clipboard, the drag and the folder dialog: absent in the command. */
  host?: ShareHost
  /** The OS save dialog; absent in the command. */
  chooseSavePath?: (defaultName: string) => Promise<string | null>
  /** FlipDrop's data folder: a dragged code is written under it first. */
  userDataDir: string
}

/** The `share` area, plus the embed preview document the window frames. */
export interface ShareService extends HandlersOf<'share'> {
  /** Answers `share/embed-preview?…` (embed-preview-path.ts) for the app's protocol handler and the test host. */
  embedPreview(query: URLSearchParams): Promise<PreviewAnswer>
}

/** Nothing here talks to a network, but for reading an item the synced library does not hold. */
export function createShareService(deps: ShareDeps): ShareService {
  const needHost = (): ShareHost => {
    if (!deps.host) throw new AppError('not-allowed', sentence('coreShare.needsWindow'))
    return deps.host
  }
  const needSaveDialog = (): ((defaultName: string) => Promise<string | null>) => {
    if (!deps.chooseSavePath) throw new AppError('not-allowed', sentence('coreShare.saveNeedsWindow'))
    return deps.chooseSavePath
  }
  const one = async (ref: ShareRef) => {
    const [item] = await shareItems(deps.items, [ref])
    if (!item) throw new AppError('not-found', sentence('coreShare.notInLibrary'))
    return item
  }

  return {
    items: (refs) => shareItems(deps.items, refs),

    copy({ text, html }) {
      if (html === null) deps.copyText(text)
      else needHost().copyRich(text, html)
      return undefined
    },

    async qrPreview({ ref, options }) {
      return qrPreview((await one(ref)).url, options)
    },

    async saveQr({ refs, options, type }) {
      const items = await shareItems(deps.items, refs)
      const [first] = items
      if (items.length === 1 && first) return saveOneQrCode(first, options, type, needSaveDialog())
      const folder = await needHost().chooseFolder()
      return folder === null ? null : saveQrCodesInto(folder, items, options, type)
    },

    async copyQr({ ref, options }) {
      const host = needHost()
      const file = await drawQrFile((await one(ref)).url, options, 'png')
      host.copyImage(file.bytes)
      return undefined
    },

    async dragQr({ ref, options, type }) {
      const host = needHost()
      const item = await one(ref)
      // One folder of dragged codes, emptied before each drag: the receiving app copies the file when it is dropped.
      const folder = join(deps.userDataDir, 'shared-codes')
      await mkdir(folder, { recursive: true })
      await Promise.all((await readdir(folder)).map((name) => rm(join(folder, name), { force: true, recursive: true })))
      const path = join(folder, qrFileName(item, type))
      const file = await drawQrFile(item.url, options, type, item.title ?? item.name ?? item.url)
      await writeFile(path, file.bytes)
      const icon = await drawQrFile(item.url, { ...options, sizeMm: (DRAG_ICON_PIXELS / 72) * 25.4, dpi: 72 }, 'png')
      host.startDrag(path, icon.bytes)
      return undefined
    },

    async saveCsv({ refs, embedSize, qrType, linkFormat }) {
      const chooseSavePath = needSaveDialog()
      const items = await shareItems(deps.items, refs)
      const day = new Date().toISOString().slice(0, 10)
      const path = await chooseSavePath(`FlipDrop shared links ${day}.csv`)
      if (path === null) return null
      await writeFileDurably(path, shareCsv(items, { linkFormat, embedSize, qrType }))
      return { paths: [path], folder: join(path, '..') }
    },

    async saveSocialCard({ ref, png }) {
      const size = pngSize(png)
      if (!size || size.width !== SOCIAL_CARD.width || size.height !== SOCIAL_CARD.height) {
        // Pixel sizes are a format's name, not counts: never grouped ("1200 × 630").
        throw new AppError('invalid-input', sentence('coreShare.socialCardSize', { width: String(SOCIAL_CARD.width), height: String(SOCIAL_CARD.height) }))
      }
      const chooseSavePath = needSaveDialog()
      const item = await one(ref)
      const name = qrFileName(item, 'png').replace(/\.png$/, ' – social card.png')
      const path = await chooseSavePath(name)
      if (path === null) return null
      await writeFileDurably(path, Buffer.from(png))
      return { paths: [path], folder: join(path, '..') }
    },

    async embedPreview(query) {
      const asked = readPreviewQuery(query)
      if (!asked) return embedPreviewPage(null, { kind: 'responsive', ratio: '16:9' })
      return embedPreviewPage(localShareItem(deps.items, asked.ref), asked.size)
    }
  }
}

import { open, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { QrFileType, QrOptions, ShareItem } from '../../../src-shared/domain/share'
import type { SavedFiles } from '../../../src-shared/domain/share-results'
import { fsyncDirectory, writeFileDurably } from '../storage/durable-file'
import { drawQrFile } from './qr/index'
import { qrFileName, uniqueQrFileNames } from './qr/qr-file-names'

/** A code's document title (a PDF's): the item's title, else its name. */
function titleOf(item: ShareItem): string {
  return item.title ?? item.name ?? item.url
}

/** Writes bytes to a new file only: an existing one (even one made a moment ago by someone else) is never replaced. */
async function writeNewFile(path: string, bytes: Uint8Array): Promise<void> {
  const handle = await open(path, 'wx')
  try {
    await handle.writeFile(bytes)
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** One item's code, where the OS save dialog says (it already asked before replacing a file). Null when cancelled. */
export async function saveOneQrCode(item: ShareItem, options: QrOptions, type: QrFileType, chooseSavePath: (defaultName: string) => Promise<string | null>): Promise<SavedFiles | null> {
  const path = await chooseSavePath(qrFileName(item, type))
  if (path === null) return null
  const file = await drawQrFile(item.url, options, type, titleOf(item))
  await writeFileDurably(path, Buffer.from(file.bytes))
  return { paths: [path], folder: join(path, '..') }
}

/**
 * Every item's code into `folder`, one file each named after its item, in order: a name the
 * folder already has, or another item of this run has, gets " (2)", " (3)"… Nothing is replaced.
 */
export async function saveQrCodesInto(folder: string, items: readonly ShareItem[], options: QrOptions, type: QrFileType): Promise<SavedFiles> {
  const names = uniqueQrFileNames([...items], type, await readdir(folder))
  const paths: string[] = []
  for (const [index, item] of items.entries()) {
    const path = join(folder, names[index] ?? qrFileName(item, type))
    const file = await drawQrFile(item.url, options, type, titleOf(item))
    await writeNewFile(path, file.bytes)
    paths.push(path)
  }
  await fsyncDirectory(folder)
  return { paths, folder }
}

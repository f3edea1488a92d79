import type { Locator, Page } from '@playwright/test'

/** A file as the browser will hold it: its bytes (or just a size, for filler), name and type. */
export interface BrowserFile {
  name: string
  type?: string
  bytes?: Uint8Array
  /** Without `bytes`: this many zero bytes, made in the page (cheaper than sending them). */
  size?: number
}

/**
 * Drops real browser files on `target` (the whole page by default): `File` objects made in the
 * page from their bytes and carried by a real DataTransfer, as a drop from the desktop is.
 * Unlike PublishPage.drop, nothing here is found by name: the page must send the bytes.
 */
export async function dropBrowserFiles(target: Page | Locator, files: readonly BrowserFile[]): Promise<void> {
  const list = files.map((file) => ({
    name: file.name,
    type: file.type ?? 'application/pdf',
    base64: file.bytes ? Buffer.from(file.bytes).toString('base64') : null,
    size: file.size ?? 0
  }))
  // Runs in the page: it is sent as source, so it uses nothing from this module.
  const drop = (element: Element, dropped: typeof list): void => {
    const transfer = new DataTransfer()
    for (const file of dropped) {
      const bytes = file.base64 === null ? new Uint8Array(file.size) : Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0))
      transfer.items.add(new File([bytes], file.name, { type: file.type }))
    }
    for (const type of ['dragenter', 'dragover', 'drop']) {
      element.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }))
    }
  }
  const at = 'goto' in target ? target.locator('body') : target
  await at.evaluate(drop, list)
}

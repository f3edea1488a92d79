import { describe, expect, it, vi } from 'vitest'

// Electron cannot run here: its clipboard, images, dialog and drag are recorded instead.
const written: { types: Record<string, unknown> }[][] = []
const dialogs: unknown[][] = []
const electron = vi.hoisted(() => ({
  clipboard: { write: vi.fn() },
  ClipboardItem: class {
    constructor(readonly types: Record<string, unknown>) {}
  },
  nativeImage: { createFromBuffer: vi.fn((buffer: Buffer) => ({ fromBytes: buffer.byteLength })) },
  dialog: { showOpenDialog: vi.fn() }
}))
vi.mock('electron', () => electron)

const { electronShareHost } = await import('../../../src-main/shell/share-host')

describe("Share's Electron glue", () => {
  const drags: unknown[] = []
  const window = { isDestroyed: () => false, webContents: { startDrag: (item: unknown) => drags.push(item) } }
  electron.clipboard.write.mockImplementation(async (items: { types: Record<string, unknown> }[]) => void written.push(items))
  electron.dialog.showOpenDialog.mockImplementation(async (...args: unknown[]) => {
    dialogs.push(args)
    return { canceled: false, filePaths: ['/home/ada/Print run'] }
  })
  const host = electronShareHost(() => window as never)

  it('rich text is one clipboard entry holding the HTML and its plain text; a code is one PNG entry', async () => {
    host.copyRich('https://go.example/view/a', '<a href="https://go.example/view/a">Spring</a>')
    host.copyImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))
    expect(written[0]).toHaveLength(1)
    expect(written[0]?.[0]?.types).toEqual({ 'text/plain': 'https://go.example/view/a', 'text/html': '<a href="https://go.example/view/a">Spring</a>' })
    const image = written[1]?.[0]?.types['image/png']
    expect(image).toBeInstanceOf(Blob)
    expect((image as Blob).type).toBe('image/png')
    expect(new Uint8Array(await (image as Blob).arrayBuffer())).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))
  })

  it('drags the file out of the window with a non-empty icon (macOS refuses an empty one)', () => {
    host.startDrag('/data/shared-codes/Spring.svg', new Uint8Array(120))
    expect(drags).toEqual([{ file: '/data/shared-codes/Spring.svg', icon: { fromBytes: 120 } }])
  })

  it('"Save QR codes…" asks for a folder, attached to the window, and may make one', async () => {
    expect(await host.chooseFolder()).toBe('/home/ada/Print run')
    expect(dialogs[0]?.[0]).toBe(window)
    expect(dialogs[0]?.[1]).toMatchObject({ properties: ['openDirectory', 'createDirectory'], buttonLabel: 'Save here' })
  })
})

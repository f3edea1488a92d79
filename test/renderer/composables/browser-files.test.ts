import { mount } from '@vue/test-utils'
import { defineComponent, effectScope, h } from 'vue'
import { afterEach, describe, expect, it } from 'vitest'
import { createFlipdropApi, type FilePicker } from '../../../src-shared/contract/bridge'
import { resolveDrop, useFileDrop, type Dropped } from '../../../src-renderer/src/composables/use-file-drop'
import { usePickFiles } from '../../../src-renderer/src/composables/use-pick-files'

/**
 * The renderer's side of files without paths (the browser demo): the bridge's pathsForFiles
 * is scripted here; the host's copying is tested in test/host and, end to end, in Chromium.
 */
function installBridge(filePicker: FilePicker, pathsForFiles: (files: readonly File[]) => Promise<string[]>): void {
  const api = createFlipdropApi<File>({ invoke: async () => ({ ok: true, value: null }), subscribe: () => () => {} }, () => '', {
    pathsForFiles,
    filePicker
  })
  Object.defineProperty(window, 'flipdrop', { value: api, configurable: true })
}

/** Copies every file but those named in `failing`, answering '' for those. */
const copyAllBut =
  (...failing: string[]) =>
  async (files: readonly File[]): Promise<string[]> =>
    files.map((file) => (failing.includes(file.name) ? '' : `/host/${file.name}`))

const pdf = (name: string): File => new File(['%PDF-'], name, { type: 'application/pdf' })

function fileInputs(): HTMLInputElement[] {
  return [...document.querySelectorAll<HTMLInputElement>('input[type="file"]')]
}

/** What the browser does when the user confirms the chooser: files on the input, then change. */
function choose(input: HTMLInputElement, files: File[]): void {
  Object.defineProperty(input, 'files', { value: files, configurable: true })
  input.dispatchEvent(new Event('change'))
}

afterEach(() => {
  for (const input of fileInputs()) input.remove()
})

describe('usePickFiles', () => {
  it('where main has the dialog (the app), resolves to null at once and adds no input', async () => {
    installBridge('main', copyAllBut())
    const scope = effectScope()
    const picker = scope.run(() => usePickFiles())
    await expect(picker?.pickFiles()).resolves.toBeNull()
    expect(fileInputs()).toHaveLength(0)
    scope.stop()
  })

  it('in the browser demo, opens a hidden PDF input and resolves to the copies\' paths, refusing a file that could not be copied', async () => {
    installBridge('page', copyAllBut('gone.pdf'))
    const scope = effectScope()
    const picker = scope.run(() => usePickFiles())
    const picking = picker?.pickFiles()
    const [input] = fileInputs()
    expect(input).toBeDefined()
    if (!input) return
    expect({ accept: input.accept, multiple: input.multiple, hidden: input.hidden }).toEqual({
      accept: 'application/pdf,.pdf',
      multiple: true,
      hidden: true
    })
    choose(input, [pdf('a.pdf'), pdf('gone.pdf'), pdf('Été.pdf')])
    await expect(picking).resolves.toEqual({
      paths: ['/host/a.pdf', '/host/Été.pdf'],
      skipped: [{ source: 'gone.pdf', reason: 'gone.pdf could not be read: check that it is still there, then choose it again.' }]
    })
    // The same input serves the next pick, for one file this time.
    const replacing = picker?.pickFiles({ multiple: false })
    expect(fileInputs()).toEqual([input])
    expect(input.multiple).toBe(false)
    choose(input, [pdf('new.pdf')])
    await expect(replacing).resolves.toEqual({ paths: ['/host/new.pdf'], skipped: [] })
    scope.stop()
    expect(fileInputs()).toHaveLength(0)
  })

  it('a cancelled chooser, a pick overtaken by a new one and an owner that goes away all resolve to nothing', async () => {
    installBridge('page', copyAllBut())
    const scope = effectScope()
    const picker = scope.run(() => usePickFiles())
    const cancelled = picker?.pickFiles()
    fileInputs()[0]?.dispatchEvent(new Event('cancel'))
    await expect(cancelled).resolves.toEqual({ paths: [], skipped: [] })
    const overtaken = picker?.pickFiles()
    const latest = picker?.pickFiles()
    await expect(overtaken).resolves.toEqual({ paths: [], skipped: [] })
    scope.stop()
    await expect(latest).resolves.toEqual({ paths: [], skipped: [] })
    expect(fileInputs()).toHaveLength(0)
  })
})

/** A drop's DataTransfer as the drop handler sees it: files, types, and no link. */
function transferOf(files: File[]): DataTransfer {
  const transfer = { files, types: ['Files'], items: [], getData: () => '' }
  return transfer as unknown as DataTransfer
}

function dropEvent(files: File[]): Event {
  const event = new Event('drop', { cancelable: true })
  Object.defineProperty(event, 'dataTransfer', { value: transferOf(files) })
  return event
}

describe('drops resolve their paths through the bridge', () => {
  it('reads the transfer at once: emptied after the event, the drop still has its files', async () => {
    installBridge('page', copyAllBut('note.txt'))
    const transfer = transferOf([pdf('a.pdf'), new File(['x'], 'note.txt')])
    const resolving = resolveDrop(transfer)
    ;(transfer as unknown as { files: File[] }).files = []
    await expect(resolving).resolves.toEqual({
      paths: ['/host/a.pdf'],
      skipped: [
        {
          source: 'note.txt',
          reason: 'note.txt is not a file on this computer (dragged from a web page or an app?): save it first, then drop the file.'
        }
      ],
      url: null
    })
  })

  it('a bridge that fails refuses every file rather than losing it', async () => {
    installBridge('page', () => Promise.reject(new Error('host gone')))
    const dropped = await resolveDrop(transferOf([pdf('a.pdf')]))
    expect(dropped.paths).toEqual([])
    expect(dropped.skipped.map((entry) => entry.source)).toEqual(['a.pdf'])
  })

  it('delivers drops in the order they were made, even when the first takes longer to copy', async () => {
    const releases = new Map<string, () => void>()
    installBridge('page', (files) => {
      const name = files[0]?.name ?? ''
      return new Promise((resolve) => releases.set(name, () => resolve([`/host/${name}`])))
    })
    const received: Dropped[] = []
    const wrapper = mount(
      defineComponent({
        setup() {
          useFileDrop(() => true, (dropped) => received.push(dropped))
          return () => h('div')
        }
      })
    )
    window.dispatchEvent(dropEvent([pdf('big.pdf')]))
    window.dispatchEvent(dropEvent([pdf('small.pdf')]))
    releases.get('small.pdf')?.()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(received).toEqual([])
    releases.get('big.pdf')?.()
    await expect.poll(() => received.map((dropped) => dropped.paths[0])).toEqual(['/host/big.pdf', '/host/small.pdf'])
    wrapper.unmount()
  })
})

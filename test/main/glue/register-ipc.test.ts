import { beforeEach, describe, expect, it, vi } from 'vitest'
import { listInvokeChannels } from '../../../src-shared/contract'
import { createDispatch } from '../../../src-main/ipc/dispatch'
import { handlersOf } from '../../../src-main/ipc/handler-table'
import { createTestCore } from '../../support/test-core'
import { electronFake, ipcHandlers } from './electron-fake'

vi.mock('electron', async () => (await import('./electron-fake')).electronFake)

const { registerIpc } = await import('../../../src-main/ipc/register-ipc')

const appUrl = 'app://flipdrop/index.html'
const topFrame = (url: string) => ({ senderFrame: { url, parent: null } })

describe('registerIpc', () => {
  let unregister: () => void
  beforeEach(async () => {
    ipcHandlers.clear()
    const { booted } = await createTestCore()
    unregister = registerIpc(createDispatch(handlersOf(booted), booted.log), () => appUrl)
  })

  it('registers exactly one handler per contract channel', () => {
    const expected = listInvokeChannels().map(({ spec }) => spec.channel).sort()
    expect([...ipcHandlers.keys()].sort()).toEqual(expected)
  })

  it('answers the app page through the dispatch envelope', async () => {
    const reply = await ipcHandlers.get('app:info')?.(topFrame(`${appUrl}#x`), undefined)
    expect(reply).toMatchObject({ ok: true, value: { name: 'FlipDrop' } })
  })

  it('refuses another page, an iframe and a destroyed frame', async () => {
    const untrusted = { ok: false, error: { code: 'untrusted-sender', message: 'This request did not come from FlipDrop.' } }
    const handler = ipcHandlers.get('app:info')
    await expect(Promise.resolve(handler?.(topFrame('https://evil.example/'), undefined))).resolves.toEqual(untrusted)
    await expect(
      Promise.resolve(handler?.({ senderFrame: { url: appUrl, parent: { url: appUrl } } }, undefined))
    ).resolves.toEqual(untrusted)
    await expect(Promise.resolve(handler?.({ senderFrame: null }, undefined))).resolves.toEqual(untrusted)
  })

  it('removes its handlers on unregister', () => {
    unregister()
    expect(ipcHandlers.size).toBe(0)
    expect(electronFake.ipcMain.removeHandler).toHaveBeenCalledTimes(listInvokeChannels().length)
  })
})

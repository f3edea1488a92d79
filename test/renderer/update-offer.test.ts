import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { updatesUnavailable, type UpdateView } from '../../src-shared/domain/updates'
import { followUpdateOffer } from '../../src-renderer/src/composables/use-update-offer'
import { useToast } from '../../src-renderer/src/stores/toast'
import { useUpdateStore } from '../../src-renderer/src/stores/update-store'
import { installBridge } from './fake-main'

const idle: UpdateView = { ...updatesUnavailable('1.0.0'), available: true }
const ready: UpdateView = { ...idle, phase: 'ready', version: '1.1.0' }

function mainWithUpdater() {
  return installBridge((channel) => {
    if (channel === 'app:updates') return { ok: true, value: idle }
    if (channel === 'app:restartToUpdate') return { ok: true, value: { ...ready } }
    return { ok: true, value: null }
  })
}

describe('a downloaded update is offered wherever the designer is', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('once per version, only when no upload runs, and its action restarts through main', async () => {
    const main = mainWithUpdater()
    const stop = followUpdateOffer()
    const toast = useToast()
    await nextTick()

    main.fire('app:updatesChanged', { ...ready, waitingForUploads: true })
    await nextTick()
    expect(toast.toasts).toEqual([])

    main.fire('app:updatesChanged', ready)
    await nextTick()
    expect(toast.toasts.map((entry) => [entry.text, entry.action?.label])).toEqual([['FlipDrop 1.1.0 is ready.', 'Restart to update']])

    main.fire('app:updatesChanged', { ...ready })
    await nextTick()
    expect(toast.toasts).toHaveLength(1)

    await toast.act(toast.toasts[0]?.id ?? -1)
    expect(main.calls.filter((call) => call.channel === 'app:restartToUpdate')).toHaveLength(1)
    stop()
    expect(main.listenerCount('app:updatesChanged')).toBe(0)
  })

  it('says why a restart did not install, each time, with "Restart to update" again', async () => {
    const main = mainWithUpdater()
    const stop = followUpdateOffer()
    const toast = useToast()
    await nextTick()
    main.fire('app:updatesChanged', ready)
    await nextTick()
    main.fire('app:updatesChanged', { ...ready, phase: 'installing' })
    await nextTick()
    main.fire('app:updatesChanged', { ...ready, installFailure: 'password-not-given' })
    await nextTick()
    const said = toast.toasts.at(-1)
    expect([said?.text, said?.tone, said?.action?.label]).toEqual([
      'The update was not installed: the administrator password was not given. FlipDrop is still running the current version; nothing was lost.',
      'error',
      'Restart to update'
    ])
    await toast.act(said?.id ?? -1)
    expect(main.calls.filter((call) => call.channel === 'app:restartToUpdate')).toHaveLength(1)
    stop()
  })

  it('offers "Download the new version" once per version where this copy cannot install updates', async () => {
    const main = mainWithUpdater()
    const stop = followUpdateOffer()
    const toast = useToast()
    await nextTick()
    const available: UpdateView = { ...idle, phase: 'download-available', version: '1.1.0', downloadUrl: 'https://flipdrop.app/download' }
    main.fire('app:updatesChanged', available)
    await nextTick()
    main.fire('app:updatesChanged', { ...available })
    await nextTick()
    expect(toast.toasts.map((entry) => [entry.text, entry.action?.label])).toEqual([['FlipDrop 1.1.0 is available.', 'Download the new version']])
    await toast.act(toast.toasts[0]?.id ?? -1)
    expect(main.calls.filter((call) => call.channel === 'app:openExternal').map((call) => call.input)).toEqual(['https://flipdrop.app/download'])
    stop()
  })

  it('keeps a failure main reported before the restart was answered (a reply never undoes a newer event)', async () => {
    const failed: UpdateView = { ...ready, installFailure: 'password-not-given' }
    const main = installBridge((channel) => {
      if (channel === 'app:updates') return { ok: true, value: ready }
      if (channel === 'app:restartToUpdate') {
        main.fire('app:updatesChanged', failed)
        return { ok: true, value: { ...ready, phase: 'installing' } }
      }
      return { ok: true, value: null }
    })
    const updates = useUpdateStore()
    const stop = updates.follow()
    await nextTick()
    await updates.restart()
    expect(updates.view).toEqual(failed)
    stop()
  })
})

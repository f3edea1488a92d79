import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron'
import { listInvokeChannels } from '../../src-shared/contract'
import type { EventChannel } from '../../src-shared/contract/define'
import type { Dispatch } from './dispatch'
import { isTrustedFrameUrl } from './trusted-sender'

/**
 * The only place that touches `ipcMain` (lint bans it elsewhere): registers one handler
 * per contract channel, each behind the trusted-sender check.
 */
export function registerIpc(dispatch: Dispatch, appUrl: () => string): () => void {
  const channels = listInvokeChannels().map(({ spec }) => spec.channel)
  for (const channel of channels) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, input: unknown) => {
      const frame = event.senderFrame
      // Only the top frame of our own page may call in: not iframes, not other pages.
      if (!frame || frame.parent !== null || !isTrustedFrameUrl(frame.url, appUrl())) {
        return { ok: false, error: { code: 'untrusted-sender', message: 'This request did not come from FlipDrop.' } }
      }
      return dispatch(channel, input)
    })
  }
  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel)
  }
}

/** Sends a contract event to a window; the payload type comes from the contract. */
export function sendEvent<P>(contents: WebContents, spec: EventChannel<P>, payload: P): void {
  if (!contents.isDestroyed()) contents.send(spec.channel, payload)
}

import type { EventChannel } from '../../src-shared/contract/define'

/** How the core pushes a contract event to the windows: Electron's webContents, or the test host's socket. */
export type EventSink = <P>(spec: EventChannel<P>, payload: P) => void

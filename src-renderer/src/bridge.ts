import type { BridgeError, Envelope, ErrorCode } from '../../src-shared/contract/errors'
import { errorText } from './i18n/spoken'

/** A failed bridge call, thrown by `unwrap` so stores can use try/catch. */
export class BridgeCallError extends Error {
  readonly code: ErrorCode

  constructor(error: BridgeError) {
    // In the window's language: catch sites show the message as it is.
    super(errorText(error))
    this.name = 'BridgeCallError'
    this.code = error.code
  }
}

/** Awaits a bridge call and returns its value, or throws its error with code and message. */
export async function unwrap<T>(reply: Promise<Envelope<T>>): Promise<T> {
  const result = await reply
  if (!result.ok) throw new BridgeCallError(result.error)
  return result.value
}

/** The bridge, read once: tests replace `window.flipdrop` before the app mounts. */
export function bridge(): Window['flipdrop'] {
  return window.flipdrop
}

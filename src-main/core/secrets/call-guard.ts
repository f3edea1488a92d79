import { KeychainError, keychainSentence } from './keychain-error'

/** Runs keychain calls against a deadline. */
export interface CallGuard {
  /** Starts `call` and settles with it, or rejects with `keychain-timeout` at the deadline. */
  run<T>(call: () => Promise<T>): Promise<T>
}

/**
 * A keytar call that does not answer keeps one libuv worker thread blocked (libuv has four,
 * shared with fs and crypto), and Node cannot exit until it returns. So after a timeout,
 * further calls fail at once with `keychain-timeout` until the stuck one settles, rather
 * than stacking more blocked threads.
 */
export function createCallGuard(timeoutMs: number): CallGuard {
  let stuck = 0
  const timeoutError = (detail: string): KeychainError =>
    new KeychainError('keychain-timeout', keychainSentence.timeout(timeoutMs), detail)

  return {
    run<T>(call: () => Promise<T>): Promise<T> {
      if (stuck > 0) return Promise.reject(timeoutError('An earlier keychain call has not answered yet.'))
      let pending: Promise<T>
      try {
        pending = call()
      } catch (error) {
        // keytar checks its arguments synchronously.
        return Promise.reject(error)
      }
      return new Promise<T>((resolve, reject) => {
        let late = false
        const timer = setTimeout(() => {
          late = true
          stuck += 1
          reject(timeoutError(`No answer after ${timeoutMs} ms.`))
        }, timeoutMs)
        // Both branches are handled, so a late rejection is never unhandled.
        const settle = (finish: () => void): void => {
          clearTimeout(timer)
          if (late) stuck -= 1
          else finish()
        }
        pending.then(
          (value) => settle(() => resolve(value)),
          (error: unknown) => settle(() => reject(error))
        )
      })
    }
  }
}

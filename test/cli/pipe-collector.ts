import { Writable } from 'node:stream'

/** A stream that keeps what was written, as a pipe would deliver it (not a terminal: no isTTY, no columns). */
export function pipeCollector(): { stream: Writable; text: () => string } {
  let text = ''
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      text += chunk.toString()
      done()
    }
  })
  return { stream, text: () => text }
}

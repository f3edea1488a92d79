import { CliError } from '../cli-error'
import { EXIT } from '../exit-codes'

/** A key is one line; more than this is not a key (a file piped by mistake). */
const MAX_KEY_BYTES = 4096

/** Reads all of a non-terminal stdin (a pipe or a file): the key is its first line. */
async function readPiped(input: NodeJS.ReadStream, signal: AbortSignal): Promise<string> {
  let text = ''
  for await (const chunk of input.iterator({ destroyOnReturn: true })) {
    if (signal.aborted) break
    text += String(chunk)
    if (text.length > MAX_KEY_BYTES) throw new CliError('That is too long to be an API key: give the key alone on one line.', EXIT.usage)
  }
  return text.split(/\r?\n/)[0]?.trim() ?? ''
}

/**
 * Asks at the terminal without echo: raw mode, so the key never appears on screen or in the
 * scrollback. Backspace edits, Enter ends, Ctrl+C or Ctrl+D gives up.
 */
function promptHidden(input: NodeJS.ReadStream, prompt: NodeJS.WritableStream, signal: AbortSignal): Promise<string> {
  prompt.write('Paste your API key (it is not shown): ')
  return new Promise((resolve, reject) => {
    let key = ''
    const finish = (error: CliError | null): void => {
      input.setRawMode(false)
      input.pause()
      input.off('data', onData)
      signal.removeEventListener('abort', onAbort)
      prompt.write('\n')
      if (error) reject(error)
      else resolve(key.trim())
    }
    const onAbort = (): void => finish(new CliError('Stopped; nothing was stored.', EXIT.interrupted, 'interrupted'))
    const onData = (chunk: Buffer): void => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish(null)
        if (char === '\u0003' || char === '\u0004') return onAbort()
        if (char === '\u007f' || char === '\b') key = key.slice(0, -1)
        else if (char >= ' ') key += char
      }
    }
    input.setRawMode(true)
    input.resume()
    input.on('data', onData)
    signal.addEventListener('abort', onAbort, { once: true })
  })
}

/** The key from stdin (piped) or a hidden prompt (a terminal); exit 2 when none was given. */
export async function readKey(signal: AbortSignal, input: NodeJS.ReadStream = process.stdin, prompt: NodeJS.WritableStream = process.stderr): Promise<string> {
  const key = input.isTTY ? await promptHidden(input, prompt, signal) : await readPiped(input, signal)
  if (key === '') throw new CliError('No API key was given: paste it at the prompt, or pipe it in (flipdrop auth login < key.txt).', EXIT.usage)
  return key
}

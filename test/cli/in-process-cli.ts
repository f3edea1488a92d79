import { Writable } from 'node:stream'
import { runCli } from '../../src-main/cli/run-cli'
import type { KeychainStore } from '../../src-main/core/secrets/key-store'
import type { CliRun } from '../support/cli-runner'

/** A stream that keeps what was written, as a pipe would deliver it (not a terminal). */
function collector(): { stream: Writable; text: () => string } {
  let text = ''
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      text += chunk.toString()
      done()
    }
  })
  return { stream, text: () => text }
}

/**
 * Runs `flipdrop <args>` in this process through runCli, with a keychain of the test's own:
 * child processes cannot share an in-memory keychain, and tests of several accounts need
 * several stored keys. Only the given variables are seen (no FLIPDROP_* of this process).
 */
export async function runInProcess(args: readonly string[], options: { env: Record<string, string>; keychain: KeychainStore; cwd?: string }): Promise<CliRun> {
  const stdout = collector()
  const stderr = collector()
  const code = await runCli(args, {
    io: { stdout: stdout.stream, stderr: stderr.stream },
    env: options.env,
    signal: new AbortController().signal,
    cwd: options.cwd ?? process.cwd(),
    keychain: options.keychain
  })
  return { code, stdout: stdout.text(), stderr: stderr.text() }
}

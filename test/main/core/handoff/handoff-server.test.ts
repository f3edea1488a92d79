import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { connect, createServer, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import type { Envelope } from '../../../../src-shared/contract/errors'
import { connectToHolder, type HoldingProcess } from '../../../../src-main/core/handoff/handoff-client'
import { createLineSplitter, readRequest } from '../../../../src-main/core/handoff/handoff-protocol'
import { startHandoffServer, type HandoffServer } from '../../../../src-main/core/handoff/handoff-server'
import type { Logger } from '../../../../src-main/core/log'
import { readDataLock } from '../../../../src-main/core/storage/data-lock'
import { createTestCore } from '../../../support/test-core'

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url))
const DATA_LOCK = fileURLToPath(new URL('../../../../src-main/core/storage/data-lock.ts', import.meta.url))
const posixOnly = process.platform === 'win32' ? it.skip : it

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'flipdrop-handoff-'))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  return dir
}

async function startCore() {
  const test = await createTestCore()
  cleanups.push(() => rm(test.userDataDir, { recursive: true, force: true }))
  cleanups.push(() => test.core.close())
  return test
}

async function holderOf(dir: string): Promise<HoldingProcess> {
  const holder = await connectToHolder(dir)
  if (!holder) throw new Error('expected a holder')
  cleanups.push(() => holder.close())
  return holder
}

/** The lock's published socket and token, as a second process reads them. */
async function published(dir: string): Promise<{ socket: string; token: string }> {
  const lock = await readDataLock(dir)
  const socket = lock?.info['socket']
  const token = lock?.info['token']
  if (!socket || !token) throw new Error('the lock publishes no socket')
  return { socket, token }
}

/** A hand-written client: what it received, and when the server hung up. */
function rawClient(address: string): { socket: Socket; received: () => string; closed: Promise<void> } {
  const socket = connect(address)
  let received = ''
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')))
  // The server may hang up mid-write (EPIPE, ECONNRESET): that is the point of these tests.
  socket.on('error', () => {})
  cleanups.push(() => void socket.destroy())
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  return { socket, received: () => received, closed }
}

function memoryLog(): Logger & { lines: string[] } {
  const lines: string[] = []
  return {
    lines,
    info: (message) => lines.push(`info: ${message}`),
    warn: (message) => lines.push(`warn: ${message}`),
    error: (message) => lines.push(`error: ${message}`)
  }
}

function nextEvent(holder: HoldingProcess, channel: string, match: (payload: unknown) => boolean = () => true): Promise<unknown> {
  return new Promise((resolve) => {
    const stop = holder.onEvent((name, payload) => {
      if (name !== channel || !match(payload)) return
      stop()
      resolve(payload)
    })
  })
}

describe('hand-off to a running core', () => {
  it('publishes the socket and a private token in a lock file only its owner can read', async () => {
    const { userDataDir } = await startCore()
    const { socket, token } = await published(userDataDir)
    expect(token).toMatch(/^[0-9a-f]{64}$/)
    expect(socket).toBe(join(userDataDir, 'flipdrop.sock'))
    expect((await readDataLock(userDataDir))?.info['role']).toBe('app')
    if (process.platform !== 'win32') {
      expect((await stat(join(userDataDir, 'flipdrop.lock'))).mode & 0o777).toBe(0o600)
      const socketStats = await stat(socket)
      expect(socketStats.isSocket()).toBe(true)
      expect(socketStats.mode & 0o777).toBe(0o600)
    }
  })

  it('runs uploads:list in the holder', async () => {
    const { core, userDataDir } = await startCore()
    const holder = await holderOf(userDataDir)
    expect(holder.pid).toBe(process.pid)
    expect(holder.role).toBe('app')
    const reply = await holder.invoke('uploads:list')
    expect(reply).toEqual({ ok: true, value: JSON.parse(JSON.stringify(core.uploads.list())) as unknown })
  })

  it('runs uploads:enqueueUrl, parsing the input with the contract schema', async () => {
    const { userDataDir } = await startCore()
    const holder = await holderOf(userDataDir)
    const refused = await holder.invoke('uploads:enqueueUrl', { url: 'not a link at all' })
    expect(refused).toMatchObject({ ok: true, value: { added: [], refused: [{ source: 'not a link at all' }] } })
    await expect(holder.invoke('uploads:enqueueUrl', { url: 42 })).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid-input', message: expect.stringContaining('"uploads:enqueueUrl" was not valid') }
    })
    await expect(holder.invoke('uploads:noSuchThing')).resolves.toMatchObject({ ok: false, error: { code: 'unknown-channel' } })
  })

  it('keeps deliberate queue failures as their code and message', async () => {
    const { userDataDir } = await startCore()
    const holder = await holderOf(userDataDir)
    const reply = await holder.invoke('uploads:cancel', { jobId: 'no-such-job' })
    expect(reply.ok).toBe(false)
    if (!reply.ok) expect(reply.error.code).not.toBe('internal')
  })

  it('refuses channels outside uploads and links with not-allowed, saying what can be run', async () => {
    const { userDataDir } = await startCore()
    const holder = await holderOf(userDataDir)
    await expect(holder.invoke('auth:status')).resolves.toEqual({
      ok: false,
      error: {
        code: 'not-allowed',
        message: '"auth:status" cannot be run from another FlipDrop process; only the upload queue (uploads:…) and links and hot folders (links:…) can.'
      }
    })
    await expect(holder.invoke('links:list')).resolves.toMatchObject({ ok: true })
    await expect(holder.invoke('settings:update', { uploadConcurrency: 1 })).resolves.toMatchObject({ ok: false, error: { code: 'not-allowed' } })
    // What belongs to the app's window (its dialogs, its inbox) is never run for another process.
    for (const channel of ['uploads:chooseFiles', 'uploads:exportCsv', 'uploads:takeInbox', 'links:chooseHotFolder']) {
      await expect(holder.invoke(channel, {})).resolves.toMatchObject({ ok: false, error: { code: 'not-allowed' } })
    }
    // Still connected and useful afterwards.
    await expect(holder.invoke('uploads:list')).resolves.toMatchObject({ ok: true })
  })

  it('drops a connection with a wrong token, without answering it', async () => {
    const { userDataDir } = await startCore()
    const { socket, token } = await published(userDataDir)
    const wrong = rawClient(socket)
    wrong.socket.write(`${JSON.stringify({ id: 1, token: token.replace(/^./, token.startsWith('0') ? '1' : '0'), channel: 'uploads:list' })}\n`)
    await wrong.closed
    expect(wrong.received()).toBe('')
    // A message without any token is dropped the same way.
    const none = rawClient(socket)
    none.socket.write(`${JSON.stringify({ id: 1, channel: 'uploads:list' })}\n`)
    await none.closed
    expect(none.received()).toBe('')
    await expect((await holderOf(userDataDir)).invoke('uploads:list')).resolves.toMatchObject({ ok: true })
  })

  it('drops a connection that sends malformed JSON', async () => {
    const { userDataDir } = await startCore()
    const { socket } = await published(userDataDir)
    const client = rawClient(socket)
    client.socket.write('{"id": 1, "token": \n')
    await client.closed
    expect(client.received()).toBe('')
  })

  it('accepts a message that arrives in pieces', async () => {
    const { userDataDir } = await startCore()
    const { socket, token } = await published(userDataDir)
    const client = rawClient(socket)
    const line = `${JSON.stringify({ id: 7, token, channel: 'uploads:list' })}\n`
    for (const piece of [line.slice(0, 5), line.slice(5, 40), line.slice(40)]) {
      client.socket.write(piece)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    await expect.poll(() => client.received()).toMatch(/\n$/)
    expect(JSON.parse(client.received())).toMatchObject({ id: 7, reply: { ok: true } })
  })

  it('drops a 17 MiB line and keeps serving everyone else', async () => {
    const { userDataDir, logLines } = await startCore()
    const { socket } = await published(userDataDir)
    const other = await holderOf(userDataDir)
    const flood = rawClient(socket)
    flood.socket.write(Buffer.alloc(17 * 1024 * 1024, 0x78))
    await flood.closed
    expect(logLines.some((line) => line.includes('longer than 16 MiB'))).toBe(true)
    await expect(other.invoke('uploads:list')).resolves.toMatchObject({ ok: true })
    await expect((await holderOf(userDataDir)).invoke('uploads:list')).resolves.toMatchObject({ ok: true })
  })

  it('serves many clients at once', async () => {
    const { userDataDir } = await startCore()
    const holders = await Promise.all(Array.from({ length: 8 }, () => holderOf(userDataDir)))
    const replies = await Promise.all(holders.flatMap((holder) => [holder.invoke('uploads:list'), holder.invoke('uploads:list')]))
    expect(replies.every((reply) => reply.ok)).toBe(true)
  })

  it('sends uploads events to subscribed clients', async () => {
    const { core, userDataDir } = await startCore()
    const holder = await holderOf(userDataDir)
    const changed = nextEvent(holder, 'uploads:changed', (payload) => (payload as { paused?: boolean }).paused === true)
    // Requests are handled in order: once this answers, the subscription is in place.
    await holder.invoke('uploads:list')
    await core.uploads.pause()
    await expect(changed).resolves.toMatchObject({ paused: true, removed: [] })
  })

  it('does not send events to clients that did not subscribe', async () => {
    const { core, userDataDir } = await startCore()
    const { socket, token } = await published(userDataDir)
    const client = rawClient(socket)
    client.socket.write(`${JSON.stringify({ id: 1, token, ping: true })}\n`)
    await expect.poll(() => client.received()).not.toBe('')
    await core.uploads.pause()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(client.received()).toBe(`${JSON.stringify({ id: 1, reply: { ok: true, value: null } })}\n`)
  })

  it('ends connections and removes the socket when the core closes, before the lock goes', async () => {
    // Closed by the test itself: a core is closed once.
    const { core, userDataDir } = await createTestCore()
    cleanups.push(() => rm(userDataDir, { recursive: true, force: true }))
    const { socket } = await published(userDataDir)
    const holder = await holderOf(userDataDir)
    await core.close()
    await holder.closed
    await expect(holder.invoke('uploads:list')).rejects.toThrow(/closed/)
    await expect(stat(socket)).rejects.toMatchObject({ code: 'ENOENT' })
    expect(await readDataLock(userDataDir)).toBeNull()
    await expect(connectToHolder(userDataDir)).resolves.toBeNull()
  })

  it('runs with role command when asked, and says so', async () => {
    const test = await createTestCore({ role: 'command' })
    cleanups.push(() => rm(test.userDataDir, { recursive: true, force: true }))
    cleanups.push(() => test.core.close())
    expect((await holderOf(test.userDataDir)).role).toBe('command')
  })
})

describe('connectToHolder', () => {
  it('returns null when nobody holds the folder', async () => {
    await expect(connectToHolder(await tempDir())).resolves.toBeNull()
  })

  it('returns null when the holder is dead', async () => {
    const dir = await tempDir()
    // Pid 2^22+ is above Linux's pid_max and macOS's, so no process has it.
    const stale = { pid: 4_194_303 + 1_000, startedAt: new Date().toISOString(), info: { socket: '/nowhere', token: 'x' }, token: 'abcdefabcdefabcdef' }
    await writeFile(join(dir, 'flipdrop.lock'), `${JSON.stringify(stale)}\n`)
    await expect(connectToHolder(dir)).resolves.toBeNull()
  })

  it('says a live holder that does not listen does not answer, once the timeout passes', async () => {
    const dir = await tempDir()
    const child = await holdLockElsewhere(dir)
    const started = Date.now()
    const error = await connectToHolder(dir, { timeoutMs: 400 }).then(
      () => null,
      (reason: unknown) => reason
    )
    const took = Date.now() - started
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toBe(
      `Another FlipDrop (process ${child.pid}) is using this data folder but does not answer. Close it and try again.`
    )
    expect(took).toBeGreaterThanOrEqual(350)
    expect(took).toBeLessThan(3_000)
  })

  posixOnly('treats a listener that never answers the ping as not answering', async () => {
    const dir = await tempDir()
    // Accepts, then never reads nor writes: what a hung holder (or a stranger) looks like.
    const accepted: Socket[] = []
    const mute = createServer((socket) => void accepted.push(socket))
    const address = join(dir, 'mute.sock')
    await new Promise<void>((resolve) => mute.listen(address, resolve))
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          mute.close(() => resolve())
          for (const socket of accepted) socket.destroy()
        })
    )
    const child = await holdLockElsewhere(dir, address)
    await expect(connectToHolder(dir, { timeoutMs: 300 })).rejects.toThrow(`process ${child.pid}`)
  })

  posixOnly('waits for a holder that has the lock but is not listening yet, at the address its lock names', async () => {
    const dir = await tempDir()
    const log = memoryLog()
    // Not the folder's usual socket: clients go where the lock says, never where they would guess.
    const address = join(dir, 'listening-here.sock')
    const token = 'ab'.repeat(32)
    await holdLockElsewhere(dir, address, token)
    const connecting = connectToHolder(dir, { timeoutMs: 3_000 })
    await new Promise((resolve) => setTimeout(resolve, 200))
    const server = await startHandoffServer({ address, token, dispatch: async () => ({ ok: true, value: 'late' }), log })
    cleanups.push(() => server.close())
    const holder = await connecting
    if (!holder) throw new Error('expected a holder')
    cleanups.push(() => holder.close())
    await expect(holder.invoke('uploads:list')).resolves.toEqual({ ok: true, value: 'late' })
  })
})

describe('startHandoffServer on its own', () => {
  async function serve(dispatch: (channel: string, input: unknown) => Promise<Envelope<unknown>> = async () => ({ ok: true, value: null })) {
    const dir = await tempDir()
    const log = memoryLog()
    const token = 'cd'.repeat(32)
    const server: HandoffServer = await startHandoffServer({ address: join(dir, 'flipdrop.sock'), token, dispatch, log })
    cleanups.push(() => server.close())
    return { dir, log, token, server }
  }

  it('publishes only uploads and links events', async () => {
    const { server, token } = await serve()
    const client = rawClient(server.address)
    client.socket.write(`${JSON.stringify({ id: 1, token, subscribe: true })}\n`)
    await expect.poll(() => client.received()).not.toBe('')
    server.publish('auth:changed', { signedIn: true })
    server.publish('uploads:progress', { jobId: 'a', sent: 1 })
    server.publish('links:changed', { links: [] })
    await expect.poll(() => client.received().split('\n').length).toBe(4)
    expect(client.received().trim().split('\n').map((line) => JSON.parse(line) as unknown)).toEqual([
      { id: 1, reply: { ok: true, value: null } },
      { event: 'uploads:progress', payload: { jobId: 'a', sent: 1 } },
      { event: 'links:changed', payload: { links: [] } }
    ])
  })

  it('never hands a refused channel to dispatch', async () => {
    const asked: string[] = []
    const { server, token } = await serve(async (channel) => {
      asked.push(channel)
      return { ok: true, value: null }
    })
    const client = rawClient(server.address)
    client.socket.write(`${JSON.stringify({ id: 3, token, channel: 'app:openExternal', input: { url: 'https://x' } })}\n`)
    await expect.poll(() => client.received()).toMatch(/\n$/)
    expect(JSON.parse(client.received())).toMatchObject({ id: 3, reply: { ok: false, error: { code: 'not-allowed' } } })
    expect(asked).toEqual([])
  })

  it('answers internal when dispatch throws, and keeps the connection', async () => {
    const { server, token, log } = await serve(async () => {
      throw new Error('boom')
    })
    const client = rawClient(server.address)
    client.socket.write(`${JSON.stringify({ id: 1, token, channel: 'uploads:list' })}\n`)
    await expect.poll(() => client.received()).toMatch(/\n$/)
    expect(JSON.parse(client.received())).toMatchObject({ id: 1, reply: { ok: false, error: { code: 'internal' } } })
    expect(log.lines.some((line) => line.startsWith('error:'))).toBe(true)
    expect(client.socket.destroyed).toBe(false)
  })

  posixOnly('replaces a stale socket file left by a crashed holder', async () => {
    const dir = await tempDir()
    const address = join(dir, 'flipdrop.sock')
    // A child listens, then dies by SIGKILL: its socket file stays, with nobody behind it.
    const script = `require('node:net').createServer().listen(process.argv[1], () => process.stdout.write('up'))`
    const crashed = spawn(process.execPath, ['-e', script, address])
    await new Promise((resolve) => crashed.stdout.once('data', resolve))
    crashed.kill('SIGKILL')
    await new Promise((resolve) => crashed.once('close', resolve))
    expect((await stat(address)).isSocket()).toBe(true)
    const server = await startHandoffServer({ address, token: 'ef'.repeat(32), dispatch: async () => ({ ok: true, value: 1 }), log: memoryLog() })
    cleanups.push(() => server.close())
    const client = rawClient(address)
    client.socket.write(`${JSON.stringify({ id: 1, token: 'ef'.repeat(32), channel: 'uploads:list' })}\n`)
    await expect.poll(() => client.received()).toBe(`${JSON.stringify({ id: 1, reply: { ok: true, value: 1 } })}\n`)
  })

  posixOnly('refuses to take a socket something still answers on', async () => {
    const dir = await tempDir()
    const address = join(dir, 'flipdrop.sock')
    const squatter = createServer(() => {})
    await new Promise<void>((resolve) => squatter.listen(address, resolve))
    cleanups.push(() => new Promise<void>((resolve) => squatter.close(() => resolve())))
    await expect(
      startHandoffServer({ address, token: 'ef'.repeat(32), dispatch: async () => ({ ok: true, value: 1 }), log: memoryLog() })
    ).rejects.toThrow(/already listening/)
  })

  it('closes twice without trouble and removes its socket', async () => {
    const { server } = await serve()
    await server.close()
    await server.close()
    if (process.platform !== 'win32') await expect(stat(server.address)).rejects.toMatchObject({ code: 'ENOENT' })
  })
})

describe('hand-off wire format', () => {
  it('splits lines that arrive in pieces, even inside a UTF-8 character', () => {
    const lines: string[] = []
    const splitter = createLineSplitter((line) => lines.push(line))
    const bytes = Buffer.from('{"a":"é"}\n{"b":1}\n\n{"c"', 'utf8')
    const cut = bytes.indexOf(0xc3) + 1
    expect(splitter.push(bytes.subarray(0, cut))).toBe(true)
    expect(splitter.push(bytes.subarray(cut))).toBe(true)
    expect(splitter.push(Buffer.from(':2}\n'))).toBe(true)
    expect(lines).toEqual(['{"a":"é"}', '{"b":1}', '{"c":2}'])
  })

  it('refuses a line over the cap, whether it ends or not', () => {
    const lines: string[] = []
    expect(createLineSplitter((line) => lines.push(line), 8).push(Buffer.from('123456789'))).toBe(false)
    const split = createLineSplitter((line) => lines.push(line), 8)
    expect(split.push(Buffer.from('12345'))).toBe(true)
    expect(split.push(Buffer.from('6789\n'))).toBe(false)
    expect(createLineSplitter((line) => lines.push(line), 8).push(Buffer.from('12345678\n'))).toBe(true)
    expect(lines).toEqual(['12345678'])
  })

  it('reads only well-formed requests', () => {
    expect(readRequest('{"id":1,"token":"t","channel":"uploads:list"}')).toEqual({
      kind: 'invoke',
      id: 1,
      token: 't',
      channel: 'uploads:list',
      input: undefined
    })
    expect(readRequest('{"id":2,"token":"t","subscribe":true}')).toEqual({ kind: 'subscribe', id: 2, token: 't' })
    for (const bad of ['', 'nope', '[]', '{"id":1,"channel":"uploads:list"}', '{"id":-1,"token":"t","ping":true}', '{"id":1,"token":"t"}']) {
      expect(readRequest(bad)).toBeNull()
    }
  })
})

/**
 * A child process that takes the lock of `dir` through acquireDataLock, publishing
 * `socket` and `token`, and holds it until killed. Our own pid would count as "this
 * process" to the lock, so the holder must be another process.
 */
async function holdLockElsewhere(dir: string, socket = join(dir, 'nobody-listens.sock'), token = 'ab'.repeat(32)): Promise<ChildProcessWithoutNullStreams> {
  const script = `
    const { acquireDataLock } = await import(process.argv[1])
    const [dir, socket, token] = process.argv.slice(2)
    const lock = await acquireDataLock(dir, { info: { role: 'command', socket, token } })
    process.stdout.write('held\\n')
    process.stdin.resume()
    process.stdin.on('end', async () => { await lock.release(); process.exit(0) })
  `
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, DATA_LOCK, dir, socket, token], { cwd: REPO_ROOT })
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()))
  cleanups.push(async () => {
    child.stdin.end()
    await exited
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve())
    child.once('close', () => reject(new Error(`lock holder exited: ${stderr}`)))
  })
  const lock = JSON.parse(await readFile(join(dir, 'flipdrop.lock'), 'utf8')) as { pid: number }
  expect(lock.pid).toBe(child.pid)
  return child
}

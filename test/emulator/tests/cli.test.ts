import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { call, jsonOf } from '../contract/target'
import { makePdf } from '../fixtures/make-pdf'
import { parseCliArgs } from '../cli-args'
import { multipart } from './harness'

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const CLI = ['--import', 'tsx', 'test/emulator/cli.ts']

interface Cli {
  baseUrl: string
  documentUrl: string
  proc: ChildProcess
  stop: () => Promise<number | null>
}

/** Starts `node --import tsx test/emulator/cli.ts …` and waits for its ready line. */
function startCli(args: string[]): Promise<Cli> {
  const proc = spawn(process.execPath, [...CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)))
  return new Promise((resolve, reject) => {
    let out = ''
    let err = ''
    proc.stderr?.on('data', (c: Buffer) => (err += c.toString()))
    proc.stdout?.on('data', (c: Buffer) => {
      out += c.toString()
      const line = out.split('\n').find((l) => l.startsWith('emulator ready '))
      if (line === undefined) return
      const urls = JSON.parse(line.slice('emulator ready '.length)) as { baseUrl: string; documentUrl: string }
      resolve({
        ...urls,
        proc,
        stop: () => {
          proc.kill('SIGTERM')
          return exited
        }
      })
    })
    void exited.then((code) => reject(new Error(`cli exited with ${String(code)}: ${err}`)))
  })
}

/** Runs the CLI to completion and returns exit code and output. */
function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const proc = spawn(process.execPath, [...CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  proc.stdout.on('data', (c: Buffer) => (stdout += c.toString()))
  proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
  return new Promise((resolve) => proc.once('exit', (code) => resolve({ code, stdout, stderr })))
}

describe('standalone CLI (npm run emulator)', () => {
  it('prints one ready line with both URLs and serves with the given flags', async () => {
    const cli = await startCli([
      '--port', '0', '--document-port', '0', '--key', 'cli-key', '--key', 'second-key', '--seed', '--rate-limit', '4/3600',
      '--max-file-mb', '7', '--max-items', '50', '--duplicate-max', '3'
    ])
    try {
      expect(cli.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(cli.documentUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const target = { name: 'cli', baseUrl: cli.baseUrl, documentUrl: cli.documentUrl, apiKey: 'cli-key' }
      expect(jsonOf(await call(target, 'GET', '/api/whoami'))['MaxFileSizeMB']).toBe(7)
      const list = jsonOf(await call(target, 'GET', '/api/list'))
      expect(list['TotalItems']).toBeGreaterThanOrEqual(24)
      const sub = jsonOf(await call(target, 'GET', '/api/get-subscription-details', { host: 'document' }))['Subscription'] as Record<string, unknown>
      expect(sub['Documents_Max']).toBe(50)
      const firstId = String(((list['Items'] as Array<Record<string, unknown>>)[0] ?? {})['ID'])
      expect(jsonOf(await call(target, 'POST', `/api/duplicate/${firstId}`, { form: { Count: '10' } }))['Count']).toBe(3)
      expect((await call(target, 'GET', '/api/whoami')).status).toBe(429)
      expect((await call({ ...target, apiKey: 'second-key' }, 'GET', '/api/whoami')).status).toBe(200)
      expect((await fetch(`${cli.baseUrl}/__emulator/state`)).status).toBe(200)
    } finally {
      expect(await cli.stop()).toBe(0)
    }
  })

  it('exits with code 2 and a clear message on bad flags; --help exits 0', async () => {
    const [unknown, badValue, help] = await Promise.all([runCli(['--bogus']), runCli(['--port', 'abc']), runCli(['--help'])])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/Unknown option '--bogus'/)
    expect(unknown.stderr).toContain('Usage:')
    expect(badValue.code).toBe(2)
    expect(badValue.stderr).toMatch(/--port must be an integer/)
    expect(badValue.stdout).toBe('')
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('--document-port')
  })

  it('explains every kind of bad flag (parseCliArgs)', () => {
    const cases: Array<[string[], RegExp]> = [
      [['--bogus'], /Unknown option '--bogus'/],
      [['--port', 'abc'], /--port must be an integer/],
      [['--port', '70000'], /--port must be at most 65535/],
      [['--rate-limit', '300'], /--rate-limit must look like 300\/60/],
      [['--rate-limit', '0/60'], /--rate-limit must look like 300\/60/],
      [['--max-file-mb=0'], /--max-file-mb must be a positive number/],
      [['--max-items', '1.5'], /--max-items must be an integer/],
      [['--duplicate-max', '0'], /--duplicate-max must be an integer >= 1/],
      [['--source-timeout-s', 'soon'], /--source-timeout-s must be a positive number/],
      [['--utc-offset', '5'], /--utc-offset must look like/],
      [['--key'], /argument missing/],
      [['--key', ''], /Invalid option keys/],
      [['stray'], /Unexpected argument/i],
      [['--seed=yes'], /does not take an argument/],
      [['--port', '8787', '--document-port', '8787'], /must differ/]
    ]
    for (const [args, message] of cases) expect(() => parseCliArgs(args), args.join(' ')).toThrow(message)
    expect(parseCliArgs(['--rate-limit', '30/2', '--allow-source-host', '127.0.0.1', '--allow-source-host', 'localhost', '--no-admin', '--seed'])).toEqual({
      rateLimit: { limit: 30, windowSeconds: 2 },
      allowSourceHosts: ['127.0.0.1', 'localhost'],
      admin: false,
      seed: true
    })
    expect(parseCliArgs(['--seed-items', '500', '--utc-offset=-07:00'])).toEqual({ seed: 500, utcOffsetMinutes: -420 })
    expect(parseCliArgs(['--separate-host-ids'])).toEqual({ separateHostIds: true })
    expect(() => parseCliArgs(['--separate-host-ids=yes'])).toThrow(/does not take an argument/)
  })

  it('--separate-host-ids gives each host its own IDs', async () => {
    const cli = await startCli(['--separate-host-ids'])
    try {
      const target = { name: 'cli', baseUrl: cli.baseUrl, documentUrl: cli.documentUrl, apiKey: 'demo-key' }
      const pdf = await makePdf(1, 'cli')
      const ids: unknown[] = []
      for (const host of ['base', 'document'] as const) {
        const { body, contentType } = multipart({ Name: host }, { name: 'a.pdf', bytes: pdf })
        ids.push(jsonOf(await call(target, 'POST', '/api/create-by-file', { host, headers: { 'content-type': contentType }, body }))['ID'])
      }
      expect(ids).toEqual(['1001', '1001'])
      const item = jsonOf(await call(target, 'GET', '/api/get/1001', { host: 'document' }))['Item'] as Record<string, unknown>
      expect(item).toMatchObject({ Name: 'document', DocType: 'Document' })
    } finally {
      expect(await cli.stop()).toBe(0)
    }
  })

  it('--no-admin turns the admin endpoints off', async () => {
    const cli = await startCli(['--no-admin'])
    try {
      expect((await fetch(`${cli.baseUrl}/__emulator/state`)).status).toBe(401)
      const withKey = await fetch(`${cli.baseUrl}/__emulator/state`, { headers: { 'x-api-key': 'demo-key' } })
      expect(((await withKey.json()) as Record<string, unknown>)['Result']).toBe('ERROR')
    } finally {
      await cli.stop()
    }
  })

  it('--data-dir keeps items and files across restarts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-cli-'))
    try {
      const first = await startCli(['--data-dir', dir])
      const target = { name: 'cli', baseUrl: first.baseUrl, apiKey: 'demo-key' }
      const pdf = await makePdf(4, 'persisted')
      const { body, contentType } = multipart({ Name: 'Kept' }, { name: 'kept.pdf', bytes: pdf })
      const created = jsonOf(await call(target, 'POST', '/api/create-by-file', { headers: { 'content-type': contentType }, body }))
      await call(target, 'PUT', '/api/set-profile', { form: { Name: 'Persisted Name' } })
      expect(await first.stop()).toBe(0)

      const second = await startCli(['--data-dir', dir])
      try {
        const again = { ...target, baseUrl: second.baseUrl }
        const item = jsonOf(await call(again, 'GET', `/api/get/${String(created['ID'])}`))['Item'] as Record<string, unknown>
        expect(item).toMatchObject({ Name: 'Kept', Pages: 4 })
        expect(String(item['FullURL']).startsWith(second.baseUrl)).toBe(true)
        const url = jsonOf(await call(again, 'GET', `/api/get-pdf/${String(created['ID'])}`))['URL'] as string
        expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(pdf)).toBe(true)
        expect(jsonOf(await call(again, 'GET', '/api/get-profile'))['Name']).toBe('Persisted Name')
      } finally {
        await second.stop()
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

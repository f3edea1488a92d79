import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { QueueView } from '../../../../src-shared/domain/queue'
import { createLogger } from '../../../../src-main/core/log'
import { diagnosticsText, queueSummary } from '../../../../src-main/core/logging/diagnostics'
import { LOG_MAX_BYTES, openLogFile } from '../../../../src-main/core/logging/log-file'

const API_KEY = 'fd_live_9f8e7d6c5b4a39281706'
const PROXY_PASSWORD = 'proxy-pw-5521'
/** Every credential field a service record can carry (§2.6), with a value that must never be written. */
const RECORD = {
  ID: 41,
  Title: 'Spring catalogue',
  Password: 'hunter2-reader',
  SaleGatewayKey: 'pk_sale_1234',
  SaleGatewaySecret: 'sk_sale_5678',
  AIKey: 'ai-key-abcdef',
  TwillioAPIKey: 'twilio-zyxw'
}
const SECRETS = [API_KEY, PROXY_PASSWORD, RECORD.Password, RECORD.SaleGatewayKey, RECORD.SaleGatewaySecret, RECORD.AIKey, RECORD.TwillioAPIKey]

const QUEUE = {
  jobs: [{ state: 'uploading' }, { state: 'done' }, { state: 'done' }, { state: 'failed' }],
  paused: false,
  connectivity: { online: true, problem: null, retryAt: null },
  limits: {},
  notices: []
} as unknown as QueueView

let dataDir: string
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-logs-'))
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

/** Logs everything a careless caller might: the key in text and errors, records, addresses, headers. */
function logEverything(file: ReturnType<typeof openLogFile>): void {
  const log = createLogger(file.sink, () => [API_KEY])
  log.info(`Signed in with ${API_KEY}`)
  log.error('Request refused', new Error(`401 for X-Api-Key: ${API_KEY}`))
  log.warn('Item read back', RECORD)
  log.warn('Nested', { items: [RECORD], options: { password: 'opt-pass-1', token: 'tok-2', apiKey: 'key-3' } })
  log.info(`Proxy is http://dana:${PROXY_PASSWORD}@proxy.example.com:8080`)
  log.info(`Query was ?apikey=${API_KEY}&password=${RECORD.Password}`)
}

describe('the log file and the diagnostics', () => {
  it('never contain a key, password or credential', async () => {
    const file = openLogFile(dataDir, 'app')
    logEverything(file)
    const written = await readFile(file.path, 'utf8')
    expect(written).toContain('Spring catalogue')
    expect(written).toContain('[redacted]')
    for (const secret of [...SECRETS, 'opt-pass-1', 'tok-2', 'key-3']) expect(written).not.toContain(secret)

    const text = diagnosticsText({
      app: { name: 'FlipDrop', version: '1.2.3', platform: 'linux', versions: { electron: '45.4.1', chrome: '140', node: '22.20.0' } },
      os: { platform: 'linux', release: '6.8.0', arch: 'x64' },
      settings: {
        values: {
          baseUrl: 'https://go.fliplink.me',
          documentUrl: '',
          uploadConcurrency: 2,
          proxyUrl: `http://dana:${PROXY_PASSWORD}@proxy.example.com:8080`,
          notifications: true,
          language: 'system',
          readersRefresh: '6h',
          readersNotifications: false
        },
        fromEnvironment: { baseUrl: false, documentUrl: false, apiKey: true },
        proxyPasswordSet: true
      },
      queue: QUEUE,
      // A line written by an older version, before redaction knew this key: redacted again.
      logLines: [...(await file.lastLines(200, [API_KEY])), `old line with ${API_KEY}`],
      secrets: [API_KEY]
    })
    expect(text).toContain('FlipDrop 1.2.3')
    expect(text).toContain('OS: linux 6.8.0 (x64)')
    expect(text).toContain('Queue: 4 jobs: 1 uploading, 2 done, 1 failed; online')
    expect(text).toContain('proxy.example.com:8080')
    expect(text).toContain('Signed in with [redacted]')
    for (const secret of [...SECRETS, 'opt-pass-1', 'tok-2', 'key-3']) expect(text).not.toContain(secret)
  })

  it('keep only their owner able to read the file, and say who wrote each line', async () => {
    const file = openLogFile(dataDir, 'command')
    createLogger(file.sink).warn('hello')
    const [line] = await file.lastLines(1)
    expect(line).toMatch(/^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\] \[warn\]\s+command: hello$/)
    if (process.platform !== 'win32') expect((await stat(file.path)).mode & 0o777).toBe(0o600)
  })

  it('rotate at the size limit, keeping one older file, and read the last lines across both', async () => {
    const file = openLogFile(dataDir, 'app')
    const log = createLogger(file.sink)
    const filler = 'x'.repeat(1000)
    const count = Math.ceil(LOG_MAX_BYTES / 1000) + 50
    for (let i = 0; i < count; i++) log.info(`line ${i} ${filler}`)
    expect((await readdir(file.folder)).sort()).toEqual(['flipdrop.log', 'flipdrop.old.log'])
    expect((await stat(file.path)).size).toBeLessThan(LOG_MAX_BYTES)
    const last = await file.lastLines(200)
    expect(last).toHaveLength(200)
    expect(last.at(-1)).toContain(`line ${count - 1} `)
  })

  it('summarize the queue in counts', () => {
    expect(queueSummary(null)).toBe('not started')
    expect(queueSummary({ ...QUEUE, paused: true, connectivity: { online: false, problem: 'no-network', retryAt: null } } as unknown as QueueView)).toBe(
      '4 jobs: 1 uploading, 2 done, 1 failed; paused; offline (no-network)'
    )
  })
})

import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { createApiClient } from '../../src-main/core/api/api-client'
import { RateLimiter } from '../../src-main/core/api/rate-limiter'

const run = promisify(execFile)

/** Uploads `path` with the FlipDrop client; returns seconds. */
export async function uploadWithClient(baseUrl: string, key: string, path: string): Promise<number> {
  const client = createApiClient({ apiKey: key, baseUrl, limiter: new RateLimiter(), uploadAnswerTimeoutMs: 600_000 })
  const started = performance.now()
  await client.createFromFile(path, { name: 'bench', title: 'bench', docType: 'Flipbook' })
  const seconds = (performance.now() - started) / 1000
  await client.close()
  return seconds
}

/** Uploads `path` with `curl -F` to the same endpoint; returns seconds. */
export async function uploadWithCurl(baseUrl: string, key: string, path: string): Promise<number> {
  const started = performance.now()
  const { stdout } = await run('curl', [
    '--silent',
    '--show-error',
    '--fail-with-body',
    '-H',
    `X-Api-Key: ${key}`,
    '-F',
    `File=@${path};type=application/pdf`,
    '-F',
    'Name=bench',
    '-F',
    'Title=bench',
    '-F',
    'DocType=Flipbook',
    `${baseUrl}/api/create-by-file`
  ])
  const seconds = (performance.now() - started) / 1000
  if (!stdout.includes('"Result":"OK"')) throw new Error(`curl upload failed: ${stdout.slice(0, 200)}`)
  return seconds
}

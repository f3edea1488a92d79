import { request } from 'node:http'
import { freePorts } from '../support/free-ports'
import { spawnEmulator } from '../bench/emulator-process'

/**
 * The emulator in its own process (its memory and sockets are not the app's), on fixed
 * loopback ports and a data folder, so it can go away and come back at the same address
 * with the same accounts, as a service that restarts does.
 */
export interface SoakService {
  baseUrl: string
  documentUrl: string
  stop(): Promise<void>
  start(): Promise<void>
  /** Deletes every item on the service (as on its website): the library comes back to empty. */
  deleteEverything(): Promise<void>
}

export async function startSoakService(keys: readonly string[], dataDir: string): Promise<SoakService> {
  const [port = 0, documentPort = 0] = await freePorts(2)
  const args = [
    '--port', String(port), '--document-port', String(documentPort), '--data-dir', dataDir,
    // Room for every upload of the run, and no rate limit worth the name: the soak measures the app, not the limiter.
    '--max-items', '1000000', '--rate-limit', '100000/1',
    ...keys.flatMap((key) => ['--key', key])
  ]
  let running: Awaited<ReturnType<typeof spawnEmulator>> | null = await spawnEmulator(args)
  const { baseUrl, documentUrl } = running
  return {
    baseUrl,
    documentUrl,
    async stop() {
      await running?.stop()
      running = null
    },
    async start() {
      running ??= await spawnEmulator(args)
    },
    async deleteEverything() {
      // No keep-alive agent: a socket of the soak's own would count among the app's.
      const status = await new Promise<number>((resolve, reject) => {
        const sent = request(`${baseUrl}/__emulator/reset`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } }, (answer) => {
          answer.resume()
          answer.on('end', () => resolve(answer.statusCode ?? 0))
        })
        sent.on('error', reject)
        sent.end('{}')
      })
      if (status !== 200) throw new Error(`the emulator did not reset: ${status}`)
    }
  }
}

import { sampleRssWhile } from './rss-sampler'
import { uploadWithClient } from './upload-bench'

/**
 * Child process of the memory bench: `node --expose-gc --import tsx upload-memory-child.ts
 * <baseUrl> <pdf path>` with the key in FLIPDROP_BENCH_KEY. Uploads the file once with the
 * app's client while sampling its own RSS every 10 ms, then prints one JSON line:
 * `{"baselineRssBytes":…,"peakRssBytes":…,"uploadSeconds":…}`.
 * A fresh process, so nothing earlier benches allocated inflates or hides the growth.
 */
async function main(): Promise<void> {
  const [baseUrl, path] = process.argv.slice(2)
  const key = process.env['FLIPDROP_BENCH_KEY'] ?? ''
  if (baseUrl === undefined || path === undefined || key === '') {
    throw new Error('usage: FLIPDROP_BENCH_KEY=… upload-memory-child.ts <baseUrl> <pdf path>')
  }
  let uploadSeconds = 0
  const sample = await sampleRssWhile(async () => {
    uploadSeconds = await uploadWithClient(baseUrl, key, path)
  })
  process.stdout.write(`${JSON.stringify({ baselineRssBytes: sample.baselineBytes, peakRssBytes: sample.peakBytes, uploadSeconds })}\n`)
}

main().catch((err: unknown) => {
  process.stderr.write(`upload-memory-child: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
  process.exit(1)
})

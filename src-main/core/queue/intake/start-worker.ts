import { Worker, type ResourceLimits } from 'node:worker_threads'

/**
 * Starts the worker thread of entry `name` (an entry of electron.vite.config.ts). Built, its
 * code is out/main/<name>.js, beside the bundle or chunk `from` (the caller's
 * import.meta.url) is part of. From the sources (tests, tsx scripts) the worker registers
 * tsx's loader first: Node does not apply a parent's `--import tsx` to worker threads.
 */
export function startWorker(name: string, from: string, resourceLimits?: ResourceLimits): Worker {
  const options = resourceLimits ? { resourceLimits } : {}
  if (!from.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, from), options)
  const source = JSON.stringify(new URL(`./${name}.ts`, from).href)
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${source}) })`
  return new Worker(bootstrap, { eval: true, ...options })
}

import { Agent, EnvHttpProxyAgent, ProxyAgent, type Dispatcher } from 'undici'
import type { Logger } from '../../log'
import { parsePacResult, type ProxyRoute } from './pac-result'
import { monotonicNow } from '../../clock'

/** Asks the operating system which proxy serves a URL; answers in PAC syntax ("PROXY h:p; DIRECT"). */
export type ProxyResolver = (url: string) => Promise<string>

export interface NetworkOptions {
  /** The proxy from Settings; wins over everything else when set. A user name in it is sent with `proxyPassword`. */
  proxyUrl?: string
  /** The Settings proxy's password, read from the keychain in main once per network (never from settings or the window). */
  proxyPassword?: () => Promise<string | null>
  /** The OS proxy as Chromium resolves it (PAC scripts and system settings included), injected by the shell. */
  resolveProxy?: ProxyResolver
  /** HTTPS_PROXY / HTTP_PROXY / NO_PROXY come from here. */
  env?: NodeJS.ProcessEnv
  /** PEM roots to trust; undefined keeps Node's defaults. */
  trustedCertificates?: readonly string[]
  log?: Logger
}

/** The connections to the service: which dispatcher (direct or through which proxy) serves a URL. */
export interface Network {
  dispatcherFor(url: string): Promise<Dispatcher>
  close(): Promise<void>
}

/** How long an OS proxy answer is reused for the same origin (PAC results can change). */
const RESOLVE_CACHE_MS = 60_000
const POOL = { keepAliveTimeout: 10_000, connections: 16 }

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

function envValue(env: NodeJS.ProcessEnv, name: string): string | undefined {
  return env[name.toLowerCase()] || env[name] || undefined
}

/**
 * Chooses the route to the service in this order: the Settings proxy; then the OS proxy
 * as Chromium resolves it for the URL; then HTTPS_PROXY / HTTP_PROXY with NO_PROXY; else
 * direct. An OS answer of DIRECT (or a resolver failure) falls through to the environment,
 * so a developer's HTTPS_PROXY still applies where the OS has none.
 */
export function createNetwork(options: NetworkOptions = {}): Network {
  const env = options.env ?? process.env
  const tlsOptions = options.trustedCertificates ? { ca: [...options.trustedCertificates] } : {}
  const dispatchers = new Map<string, Dispatcher>()
  const resolved = new Map<string, { routes: ProxyRoute[]; at: number }>()
  let warnedResolver = false

  function pooled(key: string, make: () => Dispatcher): Dispatcher {
    let dispatcher = dispatchers.get(key)
    if (!dispatcher) {
      dispatcher = make()
      dispatchers.set(key, dispatcher)
    }
    return dispatcher
  }

  const direct = (): Dispatcher => pooled('direct', () => new Agent({ ...POOL, connect: tlsOptions }))
  const viaProxy = (uri: string, token?: string): Dispatcher =>
    pooled(`proxy ${uri} ${token ?? ''}`, () => new ProxyAgent({ ...POOL, uri, ...(token ? { token } : {}), requestTls: tlsOptions, proxyTls: tlsOptions }))

  let settingsToken: Promise<string | undefined> | undefined
  /** Basic credentials for the Settings proxy: its user name, with the keychain's password. */
  async function readSettingsToken(proxyUrl: string): Promise<string | undefined> {
    const url = new URL(proxyUrl)
    if (url.username === '') return undefined
    let password: string | null = null
    try {
      password = (await options.proxyPassword?.()) ?? null
    } catch (error) {
      // Without it the proxy asks again (407), and the request fails saying so.
      options.log?.warn("Could not read the proxy's password from the keychain", error)
      settingsToken = undefined
    }
    return `Basic ${Buffer.from(`${safeDecode(url.username)}:${password ?? ''}`).toString('base64')}`
  }
  /** The Settings proxy, without any user name or password in its address. */
  const bareAddress = (proxyUrl: string): string => {
    const url = new URL(proxyUrl)
    url.username = ''
    url.password = ''
    return url.href
  }

  const hasEnvProxy = ['HTTPS_PROXY', 'HTTP_PROXY'].some((name) => envValue(env, name))
  const fromEnvironment = (): Dispatcher =>
    hasEnvProxy
      ? pooled('env', () => {
          const httpProxy = envValue(env, 'HTTP_PROXY')
          const httpsProxy = envValue(env, 'HTTPS_PROXY')
          const noProxy = envValue(env, 'NO_PROXY')
          return new EnvHttpProxyAgent({
            ...POOL,
            connect: tlsOptions,
            requestTls: tlsOptions,
            proxyTls: tlsOptions,
            ...(httpProxy ? { httpProxy } : {}),
            ...(httpsProxy ? { httpsProxy } : {}),
            ...(noProxy ? { noProxy } : {})
          })
        })
      : direct()

  async function osRoutes(url: string): Promise<ProxyRoute[]> {
    const resolver = options.resolveProxy
    if (!resolver) return []
    const origin = new URL(url).origin
    const cached = resolved.get(origin)
    if (cached && monotonicNow() - cached.at < RESOLVE_CACHE_MS) return cached.routes
    try {
      const routes = parsePacResult(await resolver(url))
      resolved.set(origin, { routes, at: monotonicNow() })
      return routes
    } catch (error) {
      if (!warnedResolver) options.log?.warn("Could not ask the system for its proxy; using the environment's", error)
      warnedResolver = true
      return []
    }
  }

  return {
    async dispatcherFor(url) {
      if (options.proxyUrl) {
        const proxyUrl = options.proxyUrl
        const token = await (settingsToken ??= readSettingsToken(proxyUrl))
        return viaProxy(bareAddress(proxyUrl), token)
      }
      const route = (await osRoutes(url))[0]
      if (route?.kind === 'proxy') return viaProxy(route.uri)
      return fromEnvironment()
    },
    async close() {
      const all = [...dispatchers.values()]
      dispatchers.clear()
      await Promise.all(all.map((dispatcher) => dispatcher.close()))
    }
  }
}

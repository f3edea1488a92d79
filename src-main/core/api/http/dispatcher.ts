import { Agent, EnvHttpProxyAgent, ProxyAgent, type Dispatcher } from 'undici'

/**
 * The connection pool for the service. A proxy URL from Settings wins; otherwise
 * HTTPS_PROXY / HTTP_PROXY / NO_PROXY from the environment apply (EnvHttpProxyAgent reads
 * them, upper- or lower-case); with none of them set, connections go direct.
 */
export function createDispatcher(proxyUrl?: string): Dispatcher {
  const options = { keepAliveTimeout: 10_000, connections: 16 }
  if (proxyUrl) return new ProxyAgent({ uri: proxyUrl, ...options })
  const env = process.env
  const hasProxyEnv = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].some((name) => env[name])
  return hasProxyEnv ? new EnvHttpProxyAgent(options) : new Agent(options)
}

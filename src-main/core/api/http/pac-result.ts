/** One way to reach a URL, from a PAC-style answer ("PROXY host:port; DIRECT"). */
export type ProxyRoute = { kind: 'direct' } | { kind: 'proxy'; uri: string }

/**
 * Parses what Chromium's proxy resolver answers (`session.resolveProxy`: PAC result
 * syntax) into the routes FlipDrop can use, in order. SOCKS routes are skipped: undici's
 * SOCKS5 agent is still experimental (it warns on every start) and SOCKS4 has none; an
 * unknown word is skipped too.
 */
export function parsePacResult(text: string): ProxyRoute[] {
  const routes: ProxyRoute[] = []
  for (const entry of text.split(';')) {
    const [word = '', hostPort = ''] = entry.trim().split(/\s+/)
    switch (word.toUpperCase()) {
      case 'DIRECT':
        routes.push({ kind: 'direct' })
        break
      case 'PROXY':
        if (hostPort) routes.push({ kind: 'proxy', uri: `http://${hostPort}` })
        break
      case 'HTTPS':
        if (hostPort) routes.push({ kind: 'proxy', uri: `https://${hostPort}` })
        break
    }
  }
  return routes
}

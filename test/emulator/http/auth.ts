import type { IncomingMessage } from 'node:http'

/**
 * The API key a request presents: `X-Api-Key`, else `Authorization: Bearer <key>` (§5 rule 1).
 * When both are sent, X-Api-Key wins.
 */
export function presentedKey(req: IncomingMessage): string | undefined {
  const header = req.headers['x-api-key']
  const direct = Array.isArray(header) ? header[0] : header
  if (direct !== undefined && direct.trim() !== '') return direct.trim()
  const auth = req.headers.authorization
  if (auth === undefined) return undefined
  const match = /^Bearer\s+(\S+)\s*$/i.exec(auth)
  return match?.[1]
}

import { describe, expect, it } from 'vitest'
import { createLogger } from '../../../src-main/core/log'

describe('createLogger', () => {
  it('redacts every current secret from messages and details', () => {
    const lines: string[] = []
    let secrets: string[] = []
    const log = createLogger((level, line) => lines.push(`${level} ${line}`), () => secrets)
    log.info('before key is known: sk-123')
    secrets = ['sk-123']
    log.error('request failed for sk-123', new Error('header X-Api-Key: sk-123 rejected'))
    log.warn('detail', { key: 'sk-123', nested: ['sk-123'] })
    expect(lines[0]).toBe('info before key is known: sk-123')
    expect(lines.slice(1).join('\n')).not.toContain('sk-123')
    expect(lines[1]).toBe('error request failed for [redacted] Error: header X-Api-Key: [redacted] rejected')
    expect(lines[2]).toBe('warn detail {"key":"[redacted]","nested":["[redacted]"]}')
  })
})

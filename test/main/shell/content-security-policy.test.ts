import { describe, expect, it } from 'vitest'
import { devServerCsp, RENDERER_CSP } from '../../../src-main/shell/content-security-policy'

function directives(policy: string): Map<string, string> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/)
      return [name, values.join(' ')] as const
    })
  )
}

describe('the renderer CSP', () => {
  it('is strict: own scripts, styles and workers only, no inline or eval', () => {
    const policy = directives(RENDERER_CSP)
    expect(policy.get('default-src')).toBe("'none'")
    expect(policy.get('script-src')).toBe("'self'")
    expect(policy.get('style-src')).toBe("'self'")
    expect(policy.get('worker-src')).toBe("'self'")
    expect(policy.get('object-src')).toBe("'none'")
    expect(policy.get('base-uri')).toBe("'none'")
    expect(policy.get('frame-ancestors')).toBe("'none'")
    // The window frames only its own embed preview document (which frames exactly one embed origin).
    expect(policy.get('frame-src')).toBe("'self'")
    expect(RENDERER_CSP).not.toContain('unsafe-inline')
    expect(RENDERER_CSP).not.toContain('unsafe-eval')
  })

  it('loads images and music previews from https only, never plain http (covers come from main as blob: URLs)', () => {
    const policy = directives(RENDERER_CSP)
    expect(policy.get('img-src')).toBe("'self' data: blob: https:")
    expect(policy.get('media-src')).toBe('https:')
    expect(RENDERER_CSP).not.toMatch(/\bhttp:/)
  })

  it('is loosened for the dev server only in styles and the HMR socket', () => {
    const dev = directives(devServerCsp())
    expect(dev.get('style-src')).toBe("'self' 'unsafe-inline'")
    expect(dev.get('connect-src')).toContain('ws://localhost:*')
    expect(dev.get('script-src')).toBe("'self'")
    expect(devServerCsp()).not.toContain('unsafe-eval')
  })
})

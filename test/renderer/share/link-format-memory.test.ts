import { beforeEach, describe, expect, it } from 'vitest'
import { LINK_FORMAT_KEY, rememberedLinkFormat, rememberLinkFormat } from '../../../src-renderer/src/share/link-format-memory'

describe('the remembered link format', () => {
  beforeEach(() => localStorage.clear())

  it('is the plain link the first time', () => {
    expect(rememberedLinkFormat()).toBe('url')
  })

  it('is the format chosen last, read back from storage', () => {
    rememberLinkFormat('markdown')
    expect(localStorage.getItem(LINK_FORMAT_KEY)).toBe('markdown')
    expect(rememberedLinkFormat()).toBe('markdown')
    rememberLinkFormat('rich')
    expect(rememberedLinkFormat()).toBe('rich')
  })

  it('falls back to the plain link when storage holds something that is no format', () => {
    localStorage.setItem(LINK_FORMAT_KEY, 'bbcode')
    expect(rememberedLinkFormat()).toBe('url')
  })
})

import { describe, expect, it } from 'vitest'
import { accountShortcutPlace, ariaShortcut } from '../../../src-renderer/src/account/account-shortcuts'

const keys = (code: string, held: Partial<Record<'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey', boolean>>) => ({
  code,
  shiftKey: false,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  ...held
})

describe('account shortcuts', () => {
  it('Ctrl+Shift+1…9 name a place in the menu (⇧⌘ on a Mac), whatever sign Shift makes of the digit', () => {
    expect(accountShortcutPlace(keys('Digit1', { ctrlKey: true, shiftKey: true }), false)).toBe(1)
    expect(accountShortcutPlace(keys('Digit9', { ctrlKey: true, shiftKey: true }), false)).toBe(9)
    expect(accountShortcutPlace(keys('Numpad2', { ctrlKey: true, shiftKey: true }), false)).toBe(2)
    expect(accountShortcutPlace(keys('Digit3', { metaKey: true, shiftKey: true }), true)).toBe(3)
  })

  it('leave every other combination alone', () => {
    expect(accountShortcutPlace(keys('Digit0', { ctrlKey: true, shiftKey: true }), false)).toBeNull()
    expect(accountShortcutPlace(keys('Digit1', { ctrlKey: true }), false)).toBeNull()
    expect(accountShortcutPlace(keys('Digit1', { shiftKey: true }), false)).toBeNull()
    expect(accountShortcutPlace(keys('Digit1', { ctrlKey: true, shiftKey: true, altKey: true }), false)).toBeNull()
    expect(accountShortcutPlace(keys('Digit1', { metaKey: true, shiftKey: true }), false)).toBeNull()
    expect(accountShortcutPlace(keys('Digit1', { ctrlKey: true, shiftKey: true }), true)).toBeNull()
    expect(accountShortcutPlace(keys('KeyA', { ctrlKey: true, shiftKey: true }), false)).toBeNull()
  })

  it('are written for assistive technology as aria-keyshortcuts wants them', () => {
    expect(ariaShortcut(2, false)).toBe('Control+Shift+2')
    expect(ariaShortcut(2, true)).toBe('Meta+Shift+2')
  })
})

import { describe, expect, it } from 'vitest'
import { qrFileName, uniqueQrFileNames } from '../../../../src-main/core/share/qr/qr-file-names'

const item = (id: number, title: string | null, name: string | null = null) => ({ id, title, name, docType: 'Flipbook' })

describe('QR file names, named after the item', () => {
  it('the title, else the name, else the kind and number', () => {
    expect(qrFileName(item(1, 'Spring catalogue', 'spring.pdf'), 'svg')).toBe('Spring catalogue.svg')
    expect(qrFileName(item(2, '  ', 'Menu – Café Rouge'), 'png')).toBe('Menu – Café Rouge.png')
    expect(qrFileName(item(3, null, null), 'pdf')).toBe('flipbook-3.pdf')
  })

  it('emoji, right-to-left and CJK titles give valid names; characters that reorder text are dropped; separators and reserved names made safe', () => {
    expect(qrFileName(item(1, '🌸 Spring / Summer 2027'), 'svg')).toBe('🌸 Spring - Summer 2027.svg')
    expect(qrFileName(item(2, 'قائمة الطعام'), 'svg')).toBe('قائمة الطعام.svg')
    expect(qrFileName(item(3, '\u202Efdp.exe'), 'svg')).toBe('fdp.exe.svg')
    expect(qrFileName(item(4, '春のカタログ'), 'pdf')).toBe('春のカタログ.pdf')
    expect(qrFileName(item(5, 'CON'), 'png')).toBe('_CON.png')
    expect(Buffer.byteLength(qrFileName(item(6, '目録'.repeat(200)), 'svg'))).toBeLessThanOrEqual(204)
  })

  it('never the same name twice in one run, nor a name the folder has (compared without case)', () => {
    const names = uniqueQrFileNames([item(1, 'Menu'), item(2, 'Menu'), item(3, 'menu'), item(4, 'Card')], 'svg', ['Card.svg'])
    expect(names).toEqual(['Menu.svg', 'Menu (2).svg', 'menu (3).svg', 'Card (2).svg'])
  })
})

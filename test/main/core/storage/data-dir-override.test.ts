import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { dataDirOverride } from '../../../../src-main/core/storage/data-dir-override'

describe('dataDirOverride', () => {
  const cwd = resolve('/home/dana/projects')

  it('resolves a relative FLIPDROP_DATA_DIR against the folder FlipDrop was started from', () => {
    expect(dataDirOverride({ FLIPDROP_DATA_DIR: 'demo-data' }, cwd)).toBe(join(cwd, 'demo-data'))
    expect(dataDirOverride({ FLIPDROP_DATA_DIR: ' ./a/../b ' }, cwd)).toBe(join(cwd, 'b'))
  })

  it('keeps an absolute folder (normalized) and ignores an empty value', () => {
    const absolute = resolve('/tmp/flipdrop/../flipdrop-data')
    expect(dataDirOverride({ FLIPDROP_DATA_DIR: absolute }, cwd)).toBe(absolute)
    expect(dataDirOverride({ FLIPDROP_DATA_DIR: '   ' }, cwd)).toBeUndefined()
    expect(dataDirOverride({}, cwd)).toBeUndefined()
  })
})

import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readOnlyContractChecks } from '../contract/read-only-checks'

interface AssumptionRow {
  id: string
  how: string
  /** Check ids named after "live check(s)" in the how-to-check column. */
  liveChecks: string[]
}

/** The rows of the README's "Assumptions" table. */
function assumptionRows(): AssumptionRow[] {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
  const start = readme.indexOf('## Assumptions (where service-api.md is silent)')
  const end = readme.indexOf('\n## ', start + 1)
  expect(start).toBeGreaterThan(-1)
  return readme
    .slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('| `A-'))
    .map((line) => {
      const cells = line.split(' | ').map((c) => c.replace(/^\|\s*|\s*\|$/g, '').trim())
      expect(cells, line).toHaveLength(4)
      const how = cells[3] ?? ''
      const live = /^live checks? (.*)$/.exec(how)
      const named = live ? (live[1] ?? '').replace(/\(.*\)/g, '') : ''
      return { id: (cells[0] ?? '').replace(/`/g, ''), how, liveChecks: [...named.matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1] ?? '') }
    })
}

/** Assumptions the review asked to be written down. */
const REQUIRED = [
  'A-quota-message', 'A-server-time-zone', 'A-list-date-texts', 'A-list-page-defaults', 'A-list-page-size-cap',
  'A-list-default-order', 'A-list-sort', 'A-list-search', 'A-list-folder', 'A-list-counts', 'A-rate-429-body',
  'A-rate-reset-formula', 'A-rate-what-counts', 'A-unknown-path', 'A-form-content-types', 'A-unknown-field-message',
  'A-create-defaults', 'A-doctype', 'A-pdf-validity', 'A-413', 'A-fileurl-hosts', 'A-source-timeout', 'A-source-non-2xx',
  'A-set-profile-invalid', 'A-subscription-quota', 'A-max-items', 'A-duplicate-count', 'A-duplicate-copies',
  'A-credentials-empty', 'A-created-on-get', 'A-is-unpublished', 'A-stored-bytes'
]

describe('README assumptions table and the live checks', () => {
  const rows = assumptionRows()
  const checks = readOnlyContractChecks({ name: 'doc', baseUrl: 'http://unused', documentUrl: 'http://unused', apiKey: '' })
  const checkIds = new Set(checks.map((c) => c.id))

  it('has one row per assumption id, covering the required ones', () => {
    const ids = rows.map((r) => r.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(/^A-[a-z0-9-]+$/)
    expect(REQUIRED.filter((id) => !ids.includes(id))).toEqual([])
  })

  it('says for every row either which live checks read it or why it is not checked live', () => {
    for (const row of rows) {
      if (row.liveChecks.length > 0) expect(row.liveChecks.filter((id) => !checkIds.has(id)), row.id).toEqual([])
      else expect(row.how, row.id).toMatch(/\(not checked live(:[^)]*)?\)$/)
    }
  })

  it('names every assumption check in the row of the assumption its rule starts with', () => {
    for (const check of checks.filter((c) => c.rule.startsWith('A-'))) {
      const id = /^(A-[a-z0-9-]+):/.exec(check.rule)?.[1]
      const row = rows.find((r) => r.id === id)
      expect(row, `${check.id}: no README row ${String(id)}`).toBeDefined()
      expect(row?.liveChecks, `${check.id} in the row of ${String(id)}`).toContain(check.id)
    }
  })
})

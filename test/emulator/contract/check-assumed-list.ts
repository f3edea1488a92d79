import assert from 'node:assert/strict'
import type { ContractTarget } from './target'
import { expectOk, getter, ids, items, notApplicable, PASSED, type CheckResult, type ContractCheck } from './check-helpers'
import { cachedOk, SAMPLE_LIST, sampleRows, swapCase } from './shared-reads'

type Row = Record<string, unknown>

/** Rows of a list query (100 per page, the cap the emulator assumes). */
const PAGE = '/api/list?PageSize=100'

/**
 * Within rows sorted by DocType in direction `dir` (1 ASC, -1 DESC): each step goes the right
 * way and rows of one DocType come by ascending ID. Returns how many tied steps it saw.
 */
function assertDocTypeOrder(rows: Row[], dir: 1 | -1, label: string): number {
  let ties = 0
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1] ?? {}
    const b = rows[i] ?? {}
    const da = String(a['DocType'])
    const db = String(b['DocType'])
    if (da === db) {
      ties++
      assert.ok(Number(a['ID']) < Number(b['ID']), `${label}: tied rows ${String(a['ID'])}, ${String(b['ID'])} are not by ascending ID`)
    } else assert.ok(dir === 1 ? da < db : da > db, `${label}: ${da} before ${db}`)
  }
  return ties
}

/** Emulator choices about list (§4.4 names the parameters and counts, not their meaning). */
export function assumedListChecks(target: ContractTarget): ContractCheck[] {
  const get = getter(target)
  const list = async (query: string): Promise<Row[]> => items(expectOk(await get(`${PAGE}&${query}`)))
  const checks: ContractCheck[] = [
    {
      id: 'list-default-page-size',
      rule: 'A-list-page-defaults: list without PageNo/PageSize gives PageSize 20 and the first 20 rows',
      run: async () => {
        const body = await cachedOk(target, '/api/list')
        assert.equal(body['PageSize'], 20)
        assert.equal(body['Capped'], false)
        const rows = items(body)
        assert.equal(rows.length, Math.min(20, body['TotalRecordCount'] as number))
        assert.deepEqual(ids(rows), ids((await sampleRows(target)).slice(0, 20)), 'the default page is page 1')
        return PASSED
      }
    },
    {
      id: 'list-page-size-cap',
      rule: 'A-list-page-size-cap: the page-size cap is 100; PageSize 101 gives PageSize 100 with Capped true, 100 is not capped',
      run: async () => {
        const over = expectOk(await get('/api/list?PageSize=101'))
        assert.equal(over['PageSize'], 100)
        assert.equal(over['Capped'], true)
        const at = await cachedOk(target, SAMPLE_LIST)
        assert.equal(at['PageSize'], 100)
        assert.equal(at['Capped'], false)
        return PASSED
      }
    },
    {
      id: 'list-offset',
      rule: 'A-list-offset: Offset is a row offset and overrides PageNo',
      run: async () => {
        const rows = await sampleRows(target)
        if (rows.length < 3) return notApplicable('fewer than 3 items')
        const page = items(expectOk(await get('/api/list?PageNo=3&PageSize=2&Offset=1')))
        assert.deepEqual(ids(page), ids(rows.slice(1, 3)))
        return PASSED
      }
    },
    {
      id: 'list-invalid-numbers',
      rule: 'A-list-bad-numbers: a non-numeric PageNo, PageSize 0 and a negative Offset fall back silently to the defaults',
      run: async () => {
        const plain = await cachedOk(target, '/api/list')
        const odd = expectOk(await get('/api/list?PageNo=first&PageSize=0&Offset=-1'))
        assert.equal(odd['PageSize'], plain['PageSize'])
        assert.deepEqual(ids(items(odd)), ids(items(plain)))
        return PASSED
      }
    },
    {
      id: 'list-ignores-unknown-query',
      rule: 'A-query-params: unknown query parameters are ignored (no "Unknown field(s)" for queries)',
      run: async () => {
        const probe = expectOk(await get('/api/list?NoSuchParameter=probe'))
        assert.deepEqual(ids(items(probe)), ids(items(await cachedOk(target, '/api/list'))))
        return PASSED
      }
    },
    {
      id: 'list-folder-case-insensitive',
      rule: 'A-list-folder: Folder matches the whole folder name, case-insensitively (not a prefix)',
      run: async () => {
        // Letters to swap the case of, and at least 2 characters so a shorter prefix exists.
        const row = (await sampleRows(target)).find((r) => typeof r['Folder'] === 'string' && r['Folder'].length >= 2 && /[a-z]/i.test(r['Folder']))
        if (!row) return notApplicable('no item in a folder whose name has letters')
        const folder = String(row['Folder'])
        // The sampled row is among the 100 newest, so it is on the first page of any filter.
        const other = await list(`Folder=${encodeURIComponent(swapCase(folder))}`)
        assert.ok(other.some((r) => r['ID'] === row['ID']), `Folder=${swapCase(folder)} does not find an item of ${folder}`)
        for (const r of other) assert.equal(String(r['Folder']).toLowerCase(), folder.toLowerCase())
        const prefix = await list(`Folder=${encodeURIComponent(folder.slice(0, -1))}`)
        assert.ok(!prefix.some((r) => r['ID'] === row['ID']), `Folder=${folder.slice(0, -1)} finds an item of ${folder}`)
        return PASSED
      }
    },
    {
      id: 'list-search-title',
      rule: 'A-list-search: SearchText matches the Title as well as the Name, case-insensitively',
      run: async () => {
        let probe: { row: Row; word: string } | undefined
        for (const row of await sampleRows(target)) {
          const name = String(row['Name']).toLowerCase()
          const word = (String(row['Title']).match(/[A-Za-z]{3,}/g) ?? []).find((w) => !name.includes(w.toLowerCase()))
          if (word !== undefined) {
            probe = { row, word }
            break
          }
        }
        if (!probe) return notApplicable('no item whose Title has a word its Name lacks')
        const { row, word } = probe
        const found = await list(`SearchText=${encodeURIComponent(swapCase(word))}`)
        assert.ok(found.some((r) => r['ID'] === row['ID']), `SearchText=${swapCase(word)} does not find the item titled ${String(row['Title'])}`)
        for (const r of found) {
          assert.ok(`${String(r['Name'])} ${String(r['Title'])}`.toLowerCase().includes(word.toLowerCase()), `row ${String(r['ID'])} does not match`)
        }
        return PASSED
      }
    },
    {
      id: 'list-default-order',
      rule: 'A-list-default-order: without SortBy, rows come newest first (CreatedOnIso descending)',
      run: async () => {
        const rows = await sampleRows(target)
        if (rows.length < 2) return notApplicable('fewer than 2 items')
        const times = rows.map((r) => Date.parse(String(r['CreatedOnIso'])))
        for (let i = 1; i < times.length; i++) {
          assert.ok((times[i - 1] ?? NaN) >= (times[i] ?? NaN), `row ${String(i)} is newer than row ${String(i - 1)}`)
        }
        return PASSED
      }
    },
    {
      id: 'list-sort-asc-default',
      rule: 'A-list-sort: SortOrder defaults to ASC, SortBy is case-insensitive, ties come by ascending ID in both directions',
      run: async (): Promise<CheckResult> => {
        const implicit = await list('SortBy=DocType')
        const asc = await list('SortBy=DocType&SortOrder=ASC')
        const desc = await list('SortBy=DocType&SortOrder=DESC')
        const lower = await list('SortBy=doctype&SortOrder=DESC')
        assert.deepEqual(ids(implicit), ids(asc), 'without SortOrder the order is not ASC')
        assert.deepEqual(ids(lower), ids(desc), 'SortBy=doctype is not SortBy=DocType')
        const ties = assertDocTypeOrder(asc, 1, 'ASC') + assertDocTypeOrder(desc, -1, 'DESC')
        return ties > 0 ? PASSED : notApplicable('no two items share a DocType, so no ties to order')
      }
    },
    {
      id: 'list-total-counts',
      rule: 'A-list-counts: TotalRecordCount counts the rows matching the filters; TotalItems = UserItems = all items of the key',
      run: async () => {
        const all = await cachedOk(target, SAMPLE_LIST)
        assert.equal(all['TotalItems'], all['UserItems'], 'TotalItems and UserItems differ (team items?)')
        assert.equal(all['TotalRecordCount'], all['TotalItems'], 'without filters every item matches')
        const none = expectOk(await get('/api/list?SearchText=zz-no-match-probe-0000'))
        assert.equal(none['TotalRecordCount'], 0)
        assert.equal(items(none).length, 0)
        assert.equal(none['TotalItems'], all['TotalItems'], 'TotalItems does not depend on the filter')
        return PASSED
      }
    },
    {
      id: 'list-both-hosts',
      rule: 'A-list-both-doctypes: list shows all the key\'s items, Flipbooks and Documents, on either host; TotalItems = Flipbooks_Count + Documents_Count',
      run: async () => {
        if (target.documentUrl === undefined) return notApplicable('no document host given (FLIPDROP_LIVE_DOCUMENT_URL)')
        const base = await cachedOk(target, SAMPLE_LIST)
        const doc = await cachedOk(target, SAMPLE_LIST, 'document')
        assert.deepEqual(ids(items(doc)), ids(items(base)), 'the document host lists other rows')
        assert.equal(doc['TotalItems'], base['TotalItems'])
        const sub = async (host: 'base' | 'document'): Promise<Row> =>
          (await cachedOk(target, '/api/get-subscription-details', host))['Subscription'] as Row
        const sum = Number((await sub('base'))['Flipbooks_Count']) + Number((await sub('document'))['Documents_Count'])
        assert.equal(base['TotalItems'], sum, 'TotalItems is not Flipbooks_Count + Documents_Count')
        return PASSED
      }
    }
  ]
  return checks
}

import assert from 'node:assert/strict'
import { DATE_PATTERNS } from '../formats'
import { fieldProblems, LIST_ROW_FIELDS, RECORD_FIELDS } from './record-fields'
import { firstBytes, type ContractTarget } from './target'
import { expectError, expectOk, getter, ids, items, MISSING_ID, PASSED, type CheckResult, type ContractCheck } from './check-helpers'

/**
 * Reading items: list, get, find-by-url, get-pdf (§2.6, §4.4), and the document host (§1).
 * Item checks use the first items the account lists.
 */
export function itemChecks(target: ContractTarget): ContractCheck[] {
  const get = getter(target)
  let sample: Promise<Array<Record<string, unknown>>> | undefined
  const sampleRows = (): Promise<Array<Record<string, unknown>>> =>
    (sample ??= get('/api/list?PageNo=1&PageSize=10').then((a) => items(expectOk(a))))
  const withItem = async (fn: (row: Record<string, unknown>) => Promise<void>): Promise<CheckResult> => {
    const row = (await sampleRows())[0]
    if (!row) return { status: 'not-applicable', note: 'the account has no items' }
    await fn(row)
    return PASSED
  }
  const checks: ContractCheck[] = [
    {
      id: 'list-shape',
      rule: '§4.4 list: Items rows, TotalRecordCount/TotalItems/UserItems/PageSize numbers, Capped boolean; defaults when paging is omitted',
      run: async () => {
        const b = expectOk(await get('/api/list'))
        items(b)
        for (const f of ['TotalRecordCount', 'TotalItems', 'UserItems', 'PageSize']) assert.equal(typeof b[f], 'number', f)
        assert.equal(typeof b['Capped'], 'boolean')
        assert.ok((b['PageSize'] as number) > 0)
        assert.equal(b['Capped'], false)
        return PASSED
      }
    },
    {
      id: 'list-row-fields',
      rule: '§2.6 list rows: ID number, CreatedOn `Mon DD YYYY h:mmAM`, CreatedOnIso with offset, IsUnpublished string, DocType enum',
      run: async () => {
        const rows = await sampleRows()
        if (rows.length === 0) return { status: 'not-applicable', note: 'the account has no items' }
        for (const r of rows) {
          assert.deepEqual(fieldProblems(r, LIST_ROW_FIELDS), [])
          assert.match(r['CreatedOn'] as string, DATE_PATTERNS.listCreatedOn)
          assert.match(r['CreatedOnIso'] as string, DATE_PATTERNS.isoWithOffset)
          assert.ok(r['DocType'] === 'Flipbook' || r['DocType'] === 'Document')
        }
        return PASSED
      }
    },
    {
      id: 'list-page-size-capped',
      rule: '§4.4 a PageSize over the cap is reduced and sets Capped',
      run: async () => {
        const b = expectOk(await get('/api/list?PageSize=100000'))
        assert.equal(b['Capped'], true)
        assert.ok((b['PageSize'] as number) < 100000)
        assert.ok(items(b).length <= (b['PageSize'] as number))
        return PASSED
      }
    },
    {
      id: 'list-paging',
      rule: '§4.4 PageNo/PageSize page through the same order',
      run: async () => {
        const four = items(expectOk(await get('/api/list?PageNo=1&PageSize=4')))
        if (four.length < 4) return { status: 'not-applicable', note: 'fewer than 4 items' }
        const second = items(expectOk(await get('/api/list?PageNo=2&PageSize=2')))
        assert.deepEqual(ids(second), ids(four.slice(2, 4)))
        return PASSED
      }
    },
    {
      id: 'list-sort-fallback',
      rule: '§4.4 unknown SortBy and SortOrder fall back silently to the default',
      run: async () => {
        const base = ids(items(expectOk(await get('/api/list?PageSize=20'))))
        assert.deepEqual(ids(items(expectOk(await get('/api/list?PageSize=20&SortBy=NoSuchKey')))), base)
        const byViews = ids(items(expectOk(await get('/api/list?PageSize=20&SortBy=NoOfViews'))))
        assert.deepEqual(ids(items(expectOk(await get('/api/list?PageSize=20&SortBy=NoOfViews&SortOrder=Sideways')))), byViews)
        return PASSED
      }
    },
    {
      id: 'list-sort-order',
      rule: '§4.4 SortBy NoOfViews with SortOrder ASC and DESC',
      run: async () => {
        const asc = items(expectOk(await get('/api/list?PageSize=50&SortBy=NoOfViews&SortOrder=ASC'))).map((r) => r['NoOfViews'] as number)
        const desc = items(expectOk(await get('/api/list?PageSize=50&SortBy=NoOfViews&SortOrder=DESC'))).map((r) => r['NoOfViews'] as number)
        for (let i = 1; i < asc.length; i++) assert.ok((asc[i - 1] ?? 0) <= (asc[i] ?? 0), 'ASC order')
        for (let i = 1; i < desc.length; i++) assert.ok((desc[i - 1] ?? 0) >= (desc[i] ?? 0), 'DESC order')
        return PASSED
      }
    },
    {
      id: 'list-search',
      rule: '§4.4 SearchText filters rows',
      run: () =>
        withItem(async (row) => {
          const word = String(row['Name']).split(/\s+/).find((w) => w.length >= 3) ?? String(row['Name'])
          const rows = items(expectOk(await get(`/api/list?PageSize=50&SearchText=${encodeURIComponent(word)}`)))
          assert.ok(rows.some((r) => r['ID'] === row['ID']), 'the item searched for is found')
          const w = word.toLowerCase()
          for (const r of rows) {
            assert.ok(`${String(r['Name'])} ${String(r['Title'])}`.toLowerCase().includes(w), `row ${String(r['ID'])} does not match`)
          }
        })
    },
    {
      id: 'list-folder',
      rule: '§4.4 Folder filters rows',
      run: async () => {
        const row = (await sampleRows()).find((r) => typeof r['Folder'] === 'string' && r['Folder'] !== '')
        if (!row) return { status: 'not-applicable', note: 'no item in a folder' }
        const rows = items(expectOk(await get(`/api/list?PageSize=50&Folder=${encodeURIComponent(String(row['Folder']))}`)))
        assert.ok(rows.length > 0)
        for (const r of rows) assert.equal(r['Folder'], row['Folder'])
        return PASSED
      }
    },
    {
      id: 'get-full-record',
      rule: '§2.6/§4.4 get returns {Item} with every field of the record, of the documented types, ID a number',
      run: () =>
        withItem(async (row) => {
          const item = expectOk(await get(`/api/get/${String(row['ID'])}`))['Item'] as Record<string, unknown>
          assert.equal(item['ID'], row['ID'])
          assert.deepEqual(fieldProblems(item, RECORD_FIELDS), [])
          assert.ok(Object.keys(item).length >= 150, `only ${String(Object.keys(item).length)} fields`)
        })
    },
    {
      id: 'find-by-url-forms',
      rule: '§4.4 find-by-url takes a full viewer URL, a CNAME URL or the bare slug (last path segment)',
      run: () =>
        withItem(async (row) => {
          const slug = String(row['CustomURL'])
          for (const url of [String(row['FullURL']), `https://cname.example.com/${slug}`, slug]) {
            const item = expectOk(await get(`/api/find-by-url?URL=${encodeURIComponent(url)}`))['Item'] as Record<string, unknown>
            assert.equal(item['ID'], row['ID'], `URL=${url}`)
          }
        })
    },
    {
      id: 'find-by-url-created-on',
      rule: '§2.6 find-by-url CreatedOn is `/Date(<ms>)/` and CreatedOnIso is ISO 8601 with offset, the same instant',
      run: () =>
        withItem(async (row) => {
          const item = expectOk(await get(`/api/find-by-url?URL=${encodeURIComponent(String(row['CustomURL']))}`))['Item'] as Record<string, unknown>
          const created = String(item['CreatedOn'])
          assert.match(created, DATE_PATTERNS.dotNetDate)
          assert.match(String(item['CreatedOnIso']), DATE_PATTERNS.isoWithOffset)
          const ms = Number(/-?\d+/.exec(created)?.[0])
          assert.ok(Math.abs(ms - Date.parse(String(item['CreatedOnIso']))) < 60_000, 'CreatedOn and CreatedOnIso agree')
        })
    },
    {
      id: 'item-not-found',
      rule: '§4/§7 a missing item gives 200 ERROR "Item not found" (get, get-pdf, find-by-url)',
      run: async () => {
        expectError(await get(`/api/get/${MISSING_ID}`), 'Item not found')
        expectError(await get(`/api/get-pdf/${MISSING_ID}`), 'Item not found')
        expectError(await get('/api/find-by-url?URL=no-such-slug-zz-0000'), 'Item not found')
        return PASSED
      }
    },
    {
      id: 'get-pdf-downloads',
      rule: '§4.4 get-pdf returns {URL} from which the stored PDF downloads (public)',
      run: () =>
        withItem(async (row) => {
          const url = expectOk(await get(`/api/get-pdf/${String(row['ID'])}`))['URL']
          assert.equal(typeof url, 'string')
          const file = await firstBytes(url as string, 1024)
          assert.equal(file.status, 200)
          assert.ok(file.bytes.toString('latin1').includes('%PDF-'), 'downloaded bytes are a PDF')
        })
    }
  ]
  if (target.documentUrl !== undefined) {
    checks.push({
      id: 'document-host-quota',
      rule: '§1/§2.4b the document host answers with Documents_* quota fields',
      run: async () => {
        const s = expectOk(await get('/api/get-subscription-details', 'document'))['Subscription'] as Record<string, unknown>
        for (const f of ['Documents_Count', 'Documents_Max', 'Documents_Left']) assert.equal(typeof s[f], 'number', f)
        assert.equal(s['Flipbooks_Count'], undefined)
        return PASSED
      }
    })
  }
  return checks
}

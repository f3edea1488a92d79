import assert from 'node:assert/strict'
import type { ContractTarget } from './target'
import { expectError, expectOk, getter, notApplicable, PASSED, type ContractCheck } from './check-helpers'
import { cachedOk, cachedRecord, sampleRows, swapCase } from './shared-reads'

type Row = Record<string, unknown>

/** Fields §2.6 calls credentials (or "hidden or empty"). */
const CREDENTIALS = ['TwillioAPIKey', 'SaleGatewayKey', 'SaleGatewaySecret', 'AIKey'] as const

const nonEmpty = (row: Row, field: string): boolean => typeof row[field] === 'string' && row[field] !== ''

/** Emulator choices about the item record, its URLs and how items are addressed. */
export function assumedRecordChecks(target: ContractTarget): ContractCheck[] {
  const get = getter(target)
  const firstRow = async (): Promise<Row | undefined> => (await sampleRows(target))[0]
  const checks: ContractCheck[] = [
    {
      id: 'record-vendor-id',
      rule: "A-record-vendor-id: a record's VendorID is the account's (whoami VendorID)",
      run: async () => {
        const row = await firstRow()
        if (!row) return notApplicable('the account has no items')
        assert.equal((await cachedRecord(target, row['ID']))['VendorID'], (await cachedOk(target, '/api/whoami'))['VendorID'])
        return PASSED
      }
    },
    {
      id: 'is-unpublished-types',
      rule: "A-is-unpublished: IsUnpublished is a boolean in get and '0'/'1' in list, the opposite of IsPublished",
      run: async () => {
        const rows = await sampleRows(target)
        const row = rows[0]
        if (!row) return notApplicable('the account has no items')
        for (const r of rows) {
          assert.match(String(r['IsUnpublished']), /^[01]$/, `row ${String(r['ID'])}: IsUnpublished ${JSON.stringify(r['IsUnpublished'])}`)
          if (typeof r['IsPublished'] === 'boolean') assert.equal(r['IsUnpublished'] === '1', !r['IsPublished'], `row ${String(r['ID'])}`)
        }
        const record = await cachedRecord(target, row['ID'])
        assert.equal(typeof record['IsUnpublished'], 'boolean', `get IsUnpublished ${JSON.stringify(record['IsUnpublished'])}`)
        assert.equal(record['IsUnpublished'], !record['IsPublished'])
        return PASSED
      }
    },
    {
      id: 'record-credentials-empty',
      rule: `A-credentials-empty: ${CREDENTIALS.join(', ')} are empty in get (names reported, never values)`,
      run: async () => {
        const rows = (await sampleRows(target)).slice(0, 3)
        if (rows.length === 0) return notApplicable('the account has no items')
        for (const row of rows) {
          const record = await cachedRecord(target, row['ID'])
          const filled = CREDENTIALS.filter((f) => record[f] !== '')
          // Only names: a live run must never print a credential.
          assert.ok(filled.length === 0, `item ${String(row['ID'])}: ${filled.join(', ')} not empty`)
        }
        return PASSED
      }
    },
    {
      id: 'record-urls',
      rule: 'A-viewer-urls: FullURL and EmbedURL end in /<CustomURL>; FullURL is <URLPrefix>/<slug>, or https://<CNAME>/<slug> with a CNAME',
      run: async () => {
        const rows = await sampleRows(target)
        const row = rows[0]
        if (!row) return notApplicable('the account has no items')
        for (const r of rows) {
          const slug = String(r['CustomURL'])
          assert.ok(slug !== '' && String(r['FullURL']).endsWith(`/${slug}`), `row ${String(r['ID'])}: FullURL ${String(r['FullURL'])}`)
          if (nonEmpty(r, 'CNAME')) assert.equal(new URL(String(r['FullURL'])).host, r['CNAME'], `row ${String(r['ID'])}: CNAME host`)
        }
        const record = await cachedRecord(target, row['ID'])
        const slug = String(record['CustomURL'])
        assert.ok(String(record['EmbedURL']).endsWith(`/${slug}`), `EmbedURL ${String(record['EmbedURL'])}`)
        if (!nonEmpty(record, 'CNAME')) assert.equal(record['FullURL'], `${String(record['URLPrefix'])}/${slug}`)
        return PASSED
      }
    },
    {
      id: 'wrap-files',
      rule: 'A-wrap-files: for an item with a front/back wrap, get-pdf serves FilePDF (the merged file) and MiddlePDF names the uploaded one',
      run: async () => {
        const rows = await sampleRows(target)
        const row = rows.find((r) => nonEmpty(r, 'FrontPDF') || nonEmpty(r, 'BackPDF'))
        if (rows.length === 0) return notApplicable('the account has no items')
        if (!row) {
          return notApplicable(rows.some((r) => 'FrontPDF' in r) ? 'no wrapped item among the 100 newest' : 'list rows carry no FrontPDF')
        }
        const record = await cachedRecord(target, row['ID'])
        assert.ok(nonEmpty(record, 'MiddlePDF'), 'MiddlePDF is empty')
        const url = String(expectOk(await get(`/api/get-pdf/${String(row['ID'])}`))['URL'])
        assert.ok(new URL(url).pathname.endsWith(`/${String(record['FilePDF'])}`), `get-pdf ${url} is not FilePDF ${String(record['FilePDF'])}`)
        return PASSED
      }
    },
    {
      id: 'find-by-url-slug-case',
      rule: 'A-find-by-url: query and fragment of the URL are ignored, the slug matches case-insensitively, an empty URL is an ERROR',
      run: async () => {
        const row = await firstRow()
        if (!row) return notApplicable('the account has no items')
        const find = async (url: string): Promise<unknown> =>
          (expectOk(await get(`/api/find-by-url?URL=${encodeURIComponent(url)}`))['Item'] as Row)['ID']
        assert.equal(await find(`${String(row['FullURL'])}?utm_source=probe#page=2`), row['ID'], 'query and fragment')
        const slug = String(row['CustomURL'])
        if (/[a-z]/i.test(slug)) assert.equal(await find(swapCase(slug)), row['ID'], `slug ${swapCase(slug)}`)
        expectError(await get('/api/find-by-url?URL='))
        return PASSED
      }
    },
    {
      id: 'item-id-malformed',
      rule: 'A-item-id: a flipbookId that is not a positive integer gives "Item not found"',
      run: async () => {
        expectError(await get('/api/get/not-a-number'), 'Item not found')
        expectError(await get('/api/get/0'), 'Item not found')
        return PASSED
      }
    }
  ]
  return checks
}

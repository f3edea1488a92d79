import assert from 'node:assert/strict'
import { DATE_PATTERNS } from '../formats'
import { call, type ContractTarget } from './target'
import { expectError, expectOk, getter, items, PASSED, type ContractCheck } from './check-helpers'

/** Account and reference lists (§2.1–2.5, §4.1–4.2). */
export function accountChecks(target: ContractTarget): ContractCheck[] {
  const get = getter(target)
  const checks: ContractCheck[] = [
    {
      id: 'whoami-shape',
      rule: '§2.2/§4.2 whoami returns UserID, VendorID, Name, Email, Brand, AppURL (strings) and MaxFileSizeMB (number)',
      run: async () => {
        const b = expectOk(await get('/api/whoami'))
        for (const f of ['UserID', 'VendorID', 'Name', 'Email', 'Brand', 'AppURL']) assert.equal(typeof b[f], 'string', f)
        assert.match(b['Email'] as string, /@/)
        assert.equal(typeof b['MaxFileSizeMB'], 'number')
        return PASSED
      }
    },
    {
      id: 'list-templates',
      rule: '§4.1 list-templates: Items of {ID:number, Name:string}, a blank template with ID -1; DocType 0/1',
      run: async () => {
        for (const docType of ['0', '1']) {
          const rows = items(expectOk(await get(`/api/list-templates?DocType=${docType}`)))
          for (const r of rows) {
            assert.equal(typeof r['ID'], 'number')
            assert.equal(typeof r['Name'], 'string')
          }
          assert.ok(rows.some((r) => r['ID'] === -1), 'no template with ID -1')
        }
        return PASSED
      }
    },
    {
      id: 'list-skins',
      rule: '§4.1 list-skins: Items of {ID, Name, ImageURL, ThumbURL}; Type false/true',
      run: async () => {
        for (const type of ['false', 'true']) {
          const rows = items(expectOk(await get(`/api/list-skins?Type=${type}`)))
          assert.ok(rows.length > 0)
          for (const r of rows) {
            assert.equal(typeof r['ID'], 'number')
            for (const f of ['Name', 'ImageURL', 'ThumbURL']) assert.equal(typeof r[f], 'string', f)
          }
        }
        return PASSED
      }
    },
    {
      id: 'list-currencies',
      rule: '§4.1 list-currencies: Items of {Name:string}',
      run: async () => {
        const rows = items(expectOk(await get('/api/list-currencies')))
        assert.ok(rows.length > 0)
        for (const r of rows) assert.equal(typeof r['Name'], 'string')
        return PASSED
      }
    },
    {
      id: 'list-background-music',
      rule: '§2.1/§4.1 background music: Items of {Name, FileURL}; a "None" entry with an empty FileURL',
      run: async () => {
        const rows = items(expectOk(await get('/api/list-background-music')))
        for (const r of rows) {
          assert.equal(typeof r['Name'], 'string')
          assert.equal(typeof r['FileURL'], 'string')
        }
        const none = rows.find((r) => r['Name'] === 'None')
        assert.ok(none, 'no None entry')
        assert.equal(none['FileURL'], '')
        return PASSED
      }
    },
    {
      id: 'get-profile-shape',
      rule: '§2.3 get-profile returns Name, Phone, ProfileImage (strings)',
      run: async () => {
        const b = expectOk(await get('/api/get-profile'))
        for (const f of ['Name', 'Phone', 'ProfileImage']) assert.equal(typeof b[f], 'string', f)
        return PASSED
      }
    },
    {
      id: 'set-profile-unknown-field',
      rule: '§4/§7 an unknown body field gives ERROR "Unknown field(s) \'…\'. Expected: …" (probe that cannot change anything)',
      run: async () => {
        const msg = expectError(await call(target, 'PUT', '/api/set-profile', { form: { Nmae: 'probe' } }), /^Unknown field\(s\)/)
        assert.match(msg, /Nmae/)
        for (const f of ['Name', 'Phone', 'ProfileImage']) assert.match(msg, new RegExp(f))
        return PASSED
      }
    },
    {
      id: 'subscription-shape',
      rule: '§2.4/§2.4b subscription fields, formats and Flipbooks_* quota numbers on the default host',
      run: async () => {
        const s = expectOk(await get('/api/get-subscription-details'))['Subscription'] as Record<string, unknown>
        assert.equal(typeof s, 'object')
        for (const f of [
          'BrandName', 'Name', 'Mobile', 'SubscriptionPlan', 'SubscriptionFees', 'Tax', 'SubscriptionID', 'ActiveFrom', 'Status',
          'NextInvoice', 'Email', 'PhotoIMG', 'MaxFileSize', 'MaxCNAME', 'AdvancedSharing', 'LeadEmailVerification', 'IsLTD', 'MaxItems'
        ]) {
          assert.equal(typeof s[f], 'string', f)
        }
        assert.match(s['SubscriptionID'] as string, /^#/)
        assert.match(s['ActiveFrom'] as string, DATE_PATTERNS.dayMonYear)
        assert.match(s['NextInvoice'] as string, DATE_PATTERNS.dayMonYear)
        for (const f of ['AdvancedSharing', 'LeadEmailVerification', 'IsLTD']) assert.match(s[f] as string, /^(Yes|No)$/, f)
        assert.equal(typeof s['MaxFileSizeBytes'], 'number')
        for (const f of ['Flipbooks_Count', 'Flipbooks_Max', 'Flipbooks_Left']) assert.equal(typeof s[f], 'number', f)
        const who = expectOk(await get('/api/whoami'))
        const mb = who['MaxFileSizeMB'] as number
        const bytes = s['MaxFileSizeBytes'] as number
        assert.ok(bytes === mb * 1024 * 1024 || bytes === mb * 1000 * 1000, 'MaxFileSizeBytes agrees with MaxFileSizeMB')
        return PASSED
      }
    },
    {
      id: 'list-payments-shape',
      rule: '§2.5 payment rows: OrderID "#…", Amount, Plan, Date DD Mon YYYY, DateIso with offset, InvoiceURL, ItemCount number',
      run: async () => {
        const rows = items(expectOk(await get('/api/list-payments')))
        if (rows.length === 0) return { status: 'not-applicable', note: 'no payments' }
        for (const r of rows) {
          assert.match(r['OrderID'] as string, /^#/)
          for (const f of ['Amount', 'Plan', 'InvoiceURL']) assert.equal(typeof r[f], 'string', f)
          assert.match(r['Date'] as string, DATE_PATTERNS.dayMonYear)
          assert.match(r['DateIso'] as string, DATE_PATTERNS.isoWithOffset)
          assert.equal(typeof r['ItemCount'], 'number')
        }
        return PASSED
      }
    }
  ]
  return checks
}

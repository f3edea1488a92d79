import assert from 'node:assert/strict'
import { DATE_PATTERNS, formatIsoWithOffset } from '../formats'
import { resolveOptions } from '../options'
import type { ContractTarget } from './target'
import { notApplicable, PASSED, type ContractCheck } from './check-helpers'
import { cachedRecord, sampleRows } from './shared-reads'
import { readClockTime, readDayMonYear, readIsoLocal, readListCreatedOn } from './wall-clock'

/** The zone the emulator assumes by default (its utcOffsetMinutes default), e.g. `+05:30`. */
const ASSUMED_OFFSET = formatIsoWithOffset(0, resolveOptions().utcOffsetMinutes).slice(-6)

/** Emulator choices about date texts: the server's zone and the list-only formats. */
export function assumedDateChecks(target: ContractTarget): ContractCheck[] {
  const checks: ContractCheck[] = [
    {
      id: 'list-time-zone',
      rule: `A-server-time-zone: list CreatedOn is the wall clock of CreatedOnIso, whose offset is the server's zone (assumed ${ASSUMED_OFFSET})`,
      run: async () => {
        const offsets = new Set<string>()
        let rows = 0
        for (const row of await sampleRows(target)) {
          const listed = readListCreatedOn(String(row['CreatedOn']))
          const iso = readIsoLocal(String(row['CreatedOnIso']))
          // Malformed texts are list-row-fields' finding; this check needs both readable.
          if (!listed || !iso) continue
          assert.deepEqual(listed, iso.clock, `row ${String(row['ID'])}: CreatedOn ${String(row['CreatedOn'])} is not the wall clock of ${String(row['CreatedOnIso'])}`)
          offsets.add(iso.offset)
          rows++
        }
        if (rows === 0) return notApplicable('no list row with a readable CreatedOn and CreatedOnIso')
        const found = [...offsets].join(', ')
        assert.deepEqual([...offsets], [ASSUMED_OFFSET], `the server's offset is ${found}; the emulator assumes ${ASSUMED_OFFSET}`)
        return { status: 'passed', note: `server offset ${found}, from ${String(rows)} rows` }
      }
    },
    {
      id: 'list-date-texts',
      rule: 'A-list-date-texts: list CreatedDate is `DD Mon YYYY` and CreatedTime `h:mm AM`, the date and time of CreatedOn',
      run: async () => {
        const rows = await sampleRows(target)
        if (rows.length === 0) return notApplicable('the account has no items')
        for (const row of rows) {
          const id = String(row['ID'])
          const date = readDayMonYear(String(row['CreatedDate']))
          const time = readClockTime(String(row['CreatedTime']))
          assert.ok(date, `row ${id}: CreatedDate ${String(row['CreatedDate'])} is not DD Mon YYYY`)
          assert.ok(time, `row ${id}: CreatedTime ${String(row['CreatedTime'])} is not h:mm AM`)
          const listed = readListCreatedOn(String(row['CreatedOn']))
          assert.ok(listed, `row ${id}: CreatedOn ${String(row['CreatedOn'])} is not Mon DD YYYY h:mmAM`)
          assert.deepEqual(date, { year: listed.year, month: listed.month, day: listed.day }, `row ${id}: CreatedDate`)
          assert.deepEqual(time, { hour: listed.hour, minute: listed.minute }, `row ${id}: CreatedTime`)
        }
        return PASSED
      }
    },
    {
      id: 'get-created-on-dotnet',
      rule: 'A-created-on-get: get gives CreatedOn as `/Date(<ms>)/` too (§2.6 shows it for find-by-url only), the instant of CreatedOnIso',
      run: async () => {
        const row = (await sampleRows(target))[0]
        if (!row) return notApplicable('the account has no items')
        const created = String((await cachedRecord(target, row['ID']))['CreatedOn'])
        assert.match(created, DATE_PATTERNS.dotNetDate)
        const ms = Number(/-?\d+/.exec(created)?.[0])
        assert.ok(Math.abs(ms - Date.parse(String(row['CreatedOnIso']))) < 60_000, 'CreatedOn and CreatedOnIso agree')
        return PASSED
      }
    }
  ]
  return checks
}

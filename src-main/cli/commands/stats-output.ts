import type { ItemStats, ReaderCounts } from '../../../src-shared/domain/readers'
import { csvCell } from '../../core/queue/export-csv'
import { table } from '../output/facts'
import { grouped, localDate, localDateTime } from '../output/format'

/** The item as `--json` gives it, in the shape (and order). */
export function statsJsonItem(item: ItemStats): Record<string, unknown> {
  return {
    id: item.id,
    name: item.name,
    url: item.url,
    views: item.views,
    leads: item.leads,
    sales: item.sales,
    approvals: item.approvals,
    delta: item.delta,
    samples: item.samples,
    firstSample: item.firstSample
  }
}

const CSV_HEADER = ['id', 'name', 'url', 'views', 'leads', 'sales', 'approvals', 'delta_views', 'delta_leads', 'delta_sales', 'delta_approvals', 'samples', 'firstSample']
const FIELDS: readonly (keyof ReaderCounts)[] = ['views', 'leads', 'sales', 'approvals']

/** `--csv`: a header row, then one row per item; a change not known is empty (never 0); times in ISO 8601 with the time of day. */
export function statsCsv(items: readonly ItemStats[]): string {
  const rows = items.map((item) =>
    [
      String(item.id),
      csvCell(item.name),
      csvCell(item.url),
      ...FIELDS.map((field) => String(item[field])),
      ...FIELDS.map((field) => (item.delta === null ? '' : String(item.delta[field]))),
      String(item.samples),
      item.firstSample ?? ''
    ].join(',')
  )
  return [CSV_HEADER.join(','), ...rows].join('\n') + '\n'
}

/** "+124", "−3", "0"; "not counted" when FlipDrop has no count of it in the period. */
function change(value: number | null): string {
  if (value === null) return 'not counted'
  return value > 0 ? `+${grouped(value)}` : value < 0 ? `-${grouped(-value)}` : '0'
}

/** The table people read: name, totals and their change, link; what FlipDrop knows and since when, below. */
export function statsText(items: readonly ItemStats[], since: string, countedSince: string | null, width: number | undefined): string {
  if (countedSince === null) return 'FlipDrop has not counted views and leads yet. Run flipdrop stats --refresh (or open FlipDrop) to count them now.'
  const rows = items.map((item) => [
    item.gone ? `${item.name} (deleted on the service)` : item.name,
    grouped(item.views),
    change(item.delta?.views ?? null),
    grouped(item.leads),
    change(item.delta?.leads ?? null),
    item.url ?? ''
  ])
  const lines: string[] = []
  lines.push(`Change since ${localDateTime(since) ?? since}.`)
  if (rows.length > 0) lines.push('', table(['Name', 'Views', 'Change', 'Leads', 'Change', 'Link'], rows, { width, cut: [0, 5], drop: [5] }))
  else lines.push('No items to show.')
  lines.push('')
  const notCounted = items.filter((item) => item.delta === null).length
  if (notCounted > 0) lines.push(`${grouped(notCounted)} ${notCounted === 1 ? 'item was' : 'items were'} not counted in this period ("not counted"): FlipDrop counts only while it runs.`)
  const gone = items.some((item) => item.gone)
  lines.push(`FlipDrop has counted since ${localDate(countedSince)}.${gone ? ' Items deleted on the service keep their numbers until you sign out of this account.' : ''}`)
  return lines.join('\n')
}

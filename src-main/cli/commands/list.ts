import { SORT_KEYS, type DocType, type ItemSummary, type ListQuery, type SortKey } from '../../../src-shared/domain/service/item'
import { CliError } from '../cli-error'
import { flag, stringOption, type Command, type OptionValues } from '../command'
import { EXIT } from '../exit-codes'
import { table } from '../output/facts'
import { grouped, localDate, plural, text } from '../output/format'
import { intOption } from './int-option'
import { listAll, type WholeList } from '../../core/library/list-pages'

/** One page unless --all; the service's own default (20) is smaller than a terminal shows. */
const DEFAULT_PAGE_SIZE = 50
/** --all reads in pages this big: the service's usual cap, so fewest requests. */
const ALL_PAGE_SIZE = 100
const PAGE_SIZE_MAX = 1000

/** --sort: one of the service's keys, in any letter case; anything else is bad usage. */
function sortKey(values: OptionValues): SortKey | undefined {
  const raw = stringOption(values, 'sort')
  if (raw === undefined) return undefined
  const key = SORT_KEYS.find((candidate) => candidate.toLowerCase() === raw.trim().toLowerCase())
  if (!key) throw new CliError(`--sort takes ${SORT_KEYS.join(', ')}, not "${raw}".`, EXIT.usage)
  return key
}

/**
 * On a narrow terminal, Name, Folder and Link are cut; when that is not enough, Leads, Views,
 * Folder and Type are left out, in that order (`--json` or a pipe always has every column).
 */
// A cut link cannot be opened or copied: it goes first, then leads, views, folder and type.
const FIT = { cut: [2, 3, 7], drop: [7, 6, 5, 3, 1] }

function render(list: WholeList, page: string, cappedNote: string, width: number | undefined): string {
  const rows = list.items.map((item: ItemSummary) => [
    String(item.id),
    text(item.docType),
    text(item.name),
    text(item.folder),
    localDate(item.createdOn),
    grouped(item.views),
    grouped(item.leads),
    text(item.fullUrl)
  ])
  const lines = list.items.length > 0 ? [table(['ID', 'Type', 'Name', 'Folder', 'Created', 'Views', 'Leads', 'Link'], rows, { width, ...FIT }), ''] : []
  lines.push(`${grouped(list.items.length)} of ${list.total === null ? 'unknown' : plural(list.total, 'item')}${page}`)
  if (list.capped) lines.push(cappedNote)
  return lines.join('\n')
}

/** `flipdrop list`: the library, one page or (--all) all of it. */
export const list: Command = {
  async run(values, _positionals, ctx) {
    const sortBy = sortKey(values)
    const all = flag(values, 'all')
    if (all && stringOption(values, 'page') !== undefined) throw new CliError('--all reads every page; leave out --page.', EXIT.usage)
    if (flag(values, 'desc') && !sortBy) throw new CliError('--desc reverses a --sort; give --sort too.', EXIT.usage)
    const pageNo = intOption(values, 'page', { min: 1, max: Number.MAX_SAFE_INTEGER }, 1)
    const pageSize = intOption(values, 'page-size', { min: 1, max: PAGE_SIZE_MAX }, all ? ALL_PAGE_SIZE : DEFAULT_PAGE_SIZE)
    const docType: DocType = flag(values, 'document') ? 'Document' : 'Flipbook'
    const search = stringOption(values, 'search')
    const folder = stringOption(values, 'folder')
    const query: ListQuery = {
      pageSize,
      ...(search !== undefined ? { search } : {}),
      ...(folder !== undefined ? { folder } : {}),
      ...(sortBy ? { sortBy, sortOrder: flag(values, 'desc') ? 'DESC' : 'ASC' } : {})
    }
    const { client } = await ctx.services()
    let result: WholeList
    let page = ''
    if (all) {
      const status = ctx.statusLine()
      try {
        result = await listAll(client, query, docType, (count, total) => status.update(`Listing… ${grouped(count)} of ${grouped(total)}`), ctx.signal)
      } finally {
        status.clear()
      }
    } else {
      const answer = await client.listItems({ ...query, pageNo }, docType)
      result = { items: answer.items, total: answer.totalRecordCount, capped: answer.capped === true, pageSize: answer.pageSize }
      page = pageNo > 1 || (result.total ?? 0) > result.items.length ? ` (page ${grouped(pageNo)})` : ''
    }
    const size = result.pageSize === null ? 'its largest page' : grouped(result.pageSize)
    const cappedNote = all
      ? `The service capped the page size at ${size}, so --all read more pages.`
      : `The service capped the page size at ${size} (you asked for ${grouped(pageSize)}); use --page for the next pages, or --all.`
    ctx.result({ items: result.items, total: result.total, capped: result.capped }, () => render(result, page, cappedNote, ctx.tableWidth))
    return EXIT.ok
  }
}

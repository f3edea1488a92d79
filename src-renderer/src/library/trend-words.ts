import { formatDate } from '../format/dates'
import { counted, intlLocale, t } from '../i18n/i18n'

/*
 * Every word of readers' numbers in the library (issue 32): catalog area `trends`. A gain is
 * signed ("+124"); a week FlipDrop did not count is a dash read out as "not counted yet", never 0.
 */

export const TREND_WORDS = {
  columns: {
    get weekViews() { return t('trends.columns.weekViews') },
    get weekLeads() { return t('trends.columns.weekLeads') },
    get weekViewsShort() { return t('trends.columns.weekViewsShort') },
    get weekLeadsShort() { return t('trends.columns.weekLeadsShort') }
  },
  /** The dash of an uncounted week: the same in every language; its words are `notCounted`. */
  unknown: '—',
  get notCounted() { return t('trends.notCounted') },
  get notCountedHint() { return t('trends.notCountedHint') },
  get risingItem() { return t('trends.risingItem') },
  sort: {
    get mostViewsWeek() { return t('trends.sort.mostViewsWeek') },
    get fewestViewsWeek() { return t('trends.sort.fewestViewsWeek') },
    get mostLeadsWeek() { return t('trends.sort.mostLeadsWeek') },
    get fewestLeadsWeek() { return t('trends.sort.fewestLeadsWeek') }
  },
  filter: {
    get rising() { return t('trends.filter.rising') },
    get risingHint() { return t('trends.filter.risingHint') }
  },
  /** What a Rising list shows: "3 rising items", "1 rising item in Catalogues" ('' is no folder: counted as all). */
  risingSummary: (count: number, folder: string | null): string =>
    folder !== null && folder !== '' ? counted('trends.summary.risingInFolder', count, { folder }) : counted('trends.summary.rising', count),
  /** "FlipDrop has counted readers since 3 Nov 2026". */
  since: (iso: string): string => t('trends.since', { date: formatDate(iso) }),
  empty: {
    get title() { return t('trends.empty.title') },
    get body() { return t('trends.empty.body') },
    get notCounted() { return t('trends.empty.notCounted') },
    get showAll() { return t('trends.empty.showAll') }
  },
  export: {
    get action() { return t('trends.export.action') },
    get more() { return t('trends.export.more') },
    saved: (count: number, file: string): string => counted('trends.export.saved', count, { file }),
    savedLibrary: (file: string): string => t('trends.export.savedLibrary', { file }),
    nothingCounted: (file: string): string => t('trends.export.nothingCounted', { file }),
    get showInFolder() { return t('trends.export.showInFolder') }
  }
}

const gainFormats = new Map<string, Intl.NumberFormat>()

/** A gain as people read a change: "+124", "0", grouped in the window's language; the dash when not counted. */
export function signedGain(value: number | null, locale = intlLocale()): string {
  if (value === null) return TREND_WORDS.unknown
  let format = gainFormats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale, { signDisplay: 'exceptZero' })
    gainFormats.set(locale, format)
  }
  return format.format(value)
}

/**
 * A card's line: "+124 views this week", "+124 views, +3 leads this week"; empty when nothing was
 * gained or FlipDrop did not count it (a card says nothing rather than "+0").
 */
export function weekGainsText(views: number | null, leads: number | null): string {
  const parts: string[] = []
  if (views !== null && views > 0) parts.push(counted('trends.tile.views', views))
  if (leads !== null && leads > 0) parts.push(counted('trends.tile.leads', leads))
  if (parts.length === 0) return ''
  const gains = new Intl.ListFormat(intlLocale(), { style: 'short', type: 'unit' }).format(parts)
  return t('trends.tile.thisWeek', { gains })
}

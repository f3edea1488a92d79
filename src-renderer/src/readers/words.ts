import type { HistoryRange, ReadersRefresh } from '../../../src-shared/domain/readers'
import { counted, t } from '../i18n/i18n'

/* Every word of readers' numbers in the window (catalog area `readers`): the details' chart and its Settings. */

export const RANGE_NAMES: Record<HistoryRange, string> = {
  get '7d'() { return t('readers.ranges.7d') },
  get '30d'() { return t('readers.ranges.30d') },
  get '90d'() { return t('readers.ranges.90d') },
  get all() { return t('readers.ranges.all') }
}

export const READERS_WORDS = {
  get heading() { return t('readers.heading') },
  get rangeLabel() { return t('readers.rangeLabel') },
  get perDay() { return t('readers.perDay') },
  get perWeek() { return t('readers.perWeek') },
  get legendViews() { return t('readers.legendViews') },
  get legendLeads() { return t('readers.legendLeads') },
  viewsGained: (count: number) => counted('readers.viewsGained', count),
  leadsGained: (count: number) => counted('readers.leadsGained', count),
  inAll: (views: string, leads: string) => t('readers.inAll', { views, leads }),
  weekOf: (date: string) => t('readers.weekOf', { date }),
  get notCountedDay() { return t('readers.notCountedDay') },
  get notCountedWeek() { return t('readers.notCountedWeek') },
  highest: (count: string, week: boolean) => t(week ? 'readers.highestWeek' : 'readers.highest', { count }),
  get keys() { return t('readers.keys') },
  table: {
    get date() { return t('readers.table.date') },
    get views() { return t('readers.table.views') },
    get leads() { return t('readers.table.leads') },
    get viewsTotal() { return t('readers.table.viewsTotal') },
    get leadsTotal() { return t('readers.table.leadsTotal') },
    get notCounted() { return t('readers.table.notCounted') }
  },
  countedSince: (date: string) => t('readers.countedSince', { date }),
  get gone() { return t('readers.gone') },
  get empty() { return t('readers.empty') },
  couldNotLoad: (reason: string) => t('readers.couldNotLoad', { reason }),
  settings: {
    get heading() { return t('readers.settings.heading') },
    get lead() { return t('readers.settings.lead') },
    get refresh() { return t('readers.settings.refresh') },
    choices: {
      get off() { return t('readers.settings.choices.off') },
      get hourly() { return t('readers.settings.choices.hourly') },
      get '6h'() { return t('readers.settings.choices.6h') },
      get daily() { return t('readers.settings.choices.daily') }
    } satisfies Record<ReadersRefresh, string>,
    get refreshHint() { return t('readers.settings.refreshHint') },
    get notify() { return t('readers.settings.notify') },
    get notifyHint() { return t('readers.settings.notifyHint') }
  }
}

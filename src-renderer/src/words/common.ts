import { t } from '../i18n/i18n'

/* The words every view shares (values, times, the start, a file refused): catalog area `common`. */

export const COMMON_WORDS = {
  get starting() { return t('common.starting') },
  get cancel() { return t('common.cancel') },
  /** A re-exported linked PDF replaced its item's PDF: the name is the item's, from the service. */
  updatedSameLink: (name: string) => t('common.updatedSameLink', { name }),
  get noVersion() { return t('common.noVersion') },
  value: {
    /** A value the service did not send: never a made-up 0 or blank. */
    get unknown() { return t('common.value.unknown') },
    get yes() { return t('common.value.yes') },
    get no() { return t('common.value.no') },
    get unlimited() { return t('common.value.unlimited') }
  },
  time: {
    get justNow() { return t('common.time.justNow') },
    seconds: (seconds: string) => t('common.time.seconds', { seconds }),
    minutes: (minutes: string) => t('common.time.minutes', { minutes }),
    hours: (hours: string) => t('common.time.hours', { hours }),
    hoursMinutes: (hours: string, minutes: string) => t('common.time.hoursMinutes', { hours, minutes })
  },
  files: {
    get droppedItem() { return t('common.files.droppedItem') },
    notOnThisComputer: (name: string) => t('common.files.notOnThisComputer', { name }),
    couldNotRead: (name: string) => t('common.files.couldNotRead', { name })
  }
}

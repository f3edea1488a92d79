import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { Unsubscribe } from '../../../src-shared/contract/bridge'
import type { ReadersSummary } from '../../../src-shared/domain/readers'
import { bridge } from '../bridge'
import { errorText } from '../i18n/spoken'

/**
 * Readers' numbers of the last seven days, as FlipDrop counted them (issue 32), for the library's
 * columns, sort orders, Rising filter and cards. Main pushes a new summary whenever the counts or
 * the shown account change; each account's last one is kept, so switching back shows its numbers
 * in the same frame as its rows, and one account's numbers never show beside another's rows.
 */
export const useReadersStore = defineStore('readers', () => {
  /** The last summary main gave, of whichever account it was. */
  const latest = shallowRef<ReadersSummary | null>(null)
  const byAccount = shallowRef(new Map<string, ReadersSummary>())
  const loaded = ref(false)
  const error = ref<string | null>(null)
  let loads = 0

  function apply(summary: ReadersSummary): void {
    if (summary.accountId !== null) byAccount.value = new Map(byAccount.value).set(summary.accountId, summary)
    latest.value = summary
    loaded.value = true
    error.value = null
  }

  /**
   * The summary of the account whose rows are shown (the library store asks with its account).
   * Before the library knows whose rows it holds (its first load names none), that is the one main names.
   */
  function summaryOf(account: string | null): ReadersSummary | null {
    const last = latest.value
    if (account === null || last?.accountId === account) return last
    return byAccount.value.get(account) ?? null
  }

  async function load(): Promise<void> {
    const run = ++loads
    const reply = await bridge().readers.summary()
    // An event that came meanwhile is newer than this answer.
    if (run !== loads) return
    // A main without readers' numbers (an older core, a test's main) answers nothing: nothing to show.
    if (reply.ok) {
      const summary: ReadersSummary | undefined = reply.value
      if (summary) apply(summary)
    }
    else error.value = errorText(reply.error)
  }

  function follow(): Unsubscribe {
    return bridge().readers.onChanged((next) => {
      loads += 1
      apply(next)
    })
  }

  return { summaryOf, loaded, error, load, follow }
})

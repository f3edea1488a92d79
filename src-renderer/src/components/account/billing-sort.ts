import type { Payment } from '../../../../src-shared/domain/service/account'

export type BillingColumn = 'order' | 'date' | 'plan' | 'amount' | 'items'
export interface BillingSort {
  column: BillingColumn
  direction: 'ascending' | 'descending'
}

/** Newest first, as the view opens. */
export const DEFAULT_BILLING_SORT: BillingSort = { column: 'date', direction: 'descending' }

/** "USD 29.00" → currency and number, so amounts sort by currency, then by value; else the text. */
function amountKey(amount: string): [string, number] | string {
  const match = /^([A-Za-z]{3})\s*([\d.,]+)$/.exec(amount.trim()) ?? /^([\d.,]+)\s*([A-Za-z]{3})$/.exec(amount.trim())
  if (!match) return amount
  const [currency, number] = /^\d/.test(match[1] ?? '') ? [match[2] ?? '', match[1] ?? ''] : [match[1] ?? '', match[2] ?? '']
  return [currency.toUpperCase(), Number(number.replace(/,/g, ''))]
}

function compare(a: Payment, b: Payment, column: BillingColumn): number {
  switch (column) {
    case 'order':
      return (a.orderId ?? '').localeCompare(b.orderId ?? '', undefined, { numeric: true })
    case 'date':
      return Date.parse(a.date ?? '') - Date.parse(b.date ?? '')
    case 'plan':
      return (a.plan ?? '').localeCompare(b.plan ?? '')
    case 'items':
      return (a.itemCount ?? 0) - (b.itemCount ?? 0)
    case 'amount': {
      const [x, y] = [amountKey(a.amount ?? ''), amountKey(b.amount ?? '')]
      if (typeof x === 'string' || typeof y === 'string') return String(x).localeCompare(String(y))
      return x[0].localeCompare(y[0]) || x[1] - y[1]
    }
  }
}

const VALUE_OF: Record<BillingColumn, (p: Payment) => unknown> = {
  order: (p) => p.orderId,
  date: (p) => (p.date === null || Number.isNaN(Date.parse(p.date)) ? null : p.date),
  plan: (p) => p.plan,
  amount: (p) => p.amount,
  items: (p) => p.itemCount
}

/** The payments sorted by one column; rows whose value is unknown always come last. */
export function sortPayments(payments: readonly Payment[], sort: BillingSort): Payment[] {
  const known = (p: Payment): boolean => VALUE_OF[sort.column](p) !== null
  const sign = sort.direction === 'ascending' ? 1 : -1
  return [...payments].sort((a, b) => {
    if (known(a) !== known(b)) return known(a) ? -1 : 1
    return known(a) ? sign * compare(a, b, sort.column) : 0
  })
}

/** The next sort after a click on `column`: the same column flips, another starts descending for dates and numbers. */
export function nextSort(current: BillingSort, column: BillingColumn): BillingSort {
  if (current.column === column) {
    return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
  }
  const numeric = column === 'date' || column === 'amount' || column === 'items'
  return { column, direction: numeric ? 'descending' : 'ascending' }
}

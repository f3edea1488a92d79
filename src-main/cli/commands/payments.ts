import type { Payment } from '../../../src-shared/domain/service/account'
import type { Command } from '../command'
import { EXIT } from '../exit-codes'
import { table } from '../output/facts'
import { grouped, localDate, plural, text } from '../output/format'

/** Newest first; rows without a readable date go last, in the service's order. */
function newestFirst(payments: readonly Payment[]): Payment[] {
  const time = (payment: Payment): number => (payment.date === null ? NaN : Date.parse(payment.date))
  return payments
    .map((payment, index) => ({ payment, index, at: time(payment) }))
    .sort((a, b) => (Number.isNaN(a.at) ? (Number.isNaN(b.at) ? a.index - b.index : 1) : Number.isNaN(b.at) ? -1 : b.at - a.at || a.index - b.index))
    .map(({ payment }) => payment)
}

/** `flipdrop payments`: the billing history. */
export const payments: Command = {
  async run(_values, _positionals, ctx) {
    const { client } = await ctx.services()
    const rows = newestFirst(await client.listPayments())
    ctx.result({ payments: rows }, () => {
      const cells = rows.map((payment) => [
        text(payment.orderId),
        localDate(payment.date),
        text(payment.plan),
        text(payment.amount),
        grouped(payment.itemCount),
        payment.invoiceUrl === '' ? 'none' : text(payment.invoiceUrl)
      ])
      const lines = rows.length > 0 ? [table(['Order', 'Date', 'Plan', 'Amount', 'Items', 'Invoice URL'], cells, { width: ctx.tableWidth, cut: [2, 5] }), ''] : []
      return [...lines, plural(rows.length, 'payment')].join('\n')
    })
    return EXIT.ok
  }
}

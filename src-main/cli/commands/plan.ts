import type { DocType } from '../../../src-shared/domain/service/item'
import type { PlanLimit, Subscription } from '../../../src-shared/domain/service/account'
import type { Quota } from '../../../src-shared/domain/service/quota'
import type { Command } from '../command'
import { EXIT } from '../exit-codes'
import { facts } from '../output/facts'
import { grouped } from '../output/format'

/** A plan limit for people: a number, "unlimited", or null (shown as "unknown"). */
function limit(value: PlanLimit): string | null {
  return value === null ? null : value === 'unlimited' ? 'unlimited' : grouped(value)
}

/** "12 used of 100, 88 left"; null when the service did not report it (never a made-up 0). */
function quotaText(quota: Quota | undefined): string | null {
  return quota ? `${grouped(quota.count)} used of ${grouped(quota.max)}, ${grouped(quota.left)} left` : null
}

function render(subscription: Subscription, documentHost: boolean): string {
  const quota = (docType: DocType): string | null => quotaText(subscription.quotas[docType])
  return facts([
    ['Plan', subscription.plan],
    ['Status', subscription.status],
    ['Fees', subscription.fees],
    ['Tax', subscription.tax],
    ['Subscription ID', subscription.subscriptionId],
    ['Active from', subscription.activeFrom],
    ['Next invoice', subscription.nextInvoice],
    ['Max file size', subscription.maxFileSizeMb === null ? null : `${grouped(subscription.maxFileSizeMb)} MB`],
    ['Custom domains', limit(subscription.maxCname)],
    ['Advanced sharing', subscription.advancedSharing],
    ['Lead e-mail verification', subscription.leadEmailVerification],
    ['Lifetime deal', subscription.isLtd],
    ['Max items', limit(subscription.maxItems)],
    ['Brand', subscription.brandName],
    ['Name', subscription.name],
    ['Email', subscription.email],
    ['Mobile', subscription.mobile],
    ['Flipbooks', quota('Flipbook')],
    ['Documents', documentHost ? quota('Document') : 'unknown (no document host is set)']
  ])
}

/** `flipdrop plan`: the subscription, with the Flipbooks quota and (with a document host) the Documents quota. */
export const plan: Command = {
  async run(_values, _positionals, ctx) {
    const { client, settings } = await ctx.services()
    const documentHost = settings.documentUrl !== ''
    const flipbooks = await client.getSubscription('Flipbook')
    // Each host reports the quota of its own kind only (§2.4b).
    const documents = documentHost ? await client.getSubscription('Document') : null
    const subscription: Subscription = { ...flipbooks, quotas: { ...flipbooks.quotas, ...documents?.quotas } }
    ctx.result({ subscription }, () => render(subscription, documentHost))
    return EXIT.ok
  }
}

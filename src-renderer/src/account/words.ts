import type { Profile } from '../../../src-shared/domain/service/account'
import { groupedCount } from '../format/count'
import { intlLocale, t } from '../i18n/i18n'
import type { QuotaKind } from '../words/quota'

/*
 * Every sentence of the Account view and of several accounts side by side: catalog area
 * `account`. Outcomes, not internals: no API field names, no item IDs; what a thing is for.
 */

export const ACCOUNT_WORDS = {
  get title() { return t('account.title') },
  /** Shown once, at the top, when what the view shows is not fresh from the service. */
  asOf: (when: string) => t('account.asOf', { when }),
  /** Parts never received (a first start offline): one line instead of an error per section. */
  notYet: (parts: string[]) => t('account.notYet', { parts: listOf(parts) }),
  get loading() { return t('account.loading') },
  /** A value the service holds empty. */
  get noneValue() { return t('account.noneValue') },
  /** Why the forms that need the service are off; the status strip says the rest. */
  get needsService() { return t('account.needsService') },

  you: {
    get heading() { return t('account.you.heading') },
    get noName() { return t('account.you.noName') },
    get edit() { return t('account.you.edit') },
    get technical() { return t('account.you.technical') },
    get userId() { return t('account.you.userId') },
    get vendorId() { return t('account.you.vendorId') },
    get serviceHost() { return t('account.you.serviceHost') },
    get imageNotShown() { return t('account.you.imageNotShown') },
    get imageBroken() { return t('account.you.imageBroken') }
  },

  profile: {
    get heading() { return t('account.profile.heading') },
    get hint() { return t('account.profile.hint') },
    get name() { return t('account.profile.name') },
    get nameHint() { return t('account.profile.nameHint') },
    get phone() { return t('account.profile.phone') },
    get phoneHint() { return t('account.profile.phoneHint') },
    get image() { return t('account.profile.image') },
    get imageHint() { return t('account.profile.imageHint') },
    get imagePlaceholder() { return t('account.profile.imagePlaceholder') },
    get save() { return t('account.profile.save') },
    get saving() { return t('account.profile.saving') },
    get cancel() { return t('account.profile.cancel') },
    get nothingChanged() { return t('account.profile.nothingChanged') },
    saved: (fields: (keyof Profile)[]) => t('account.profile.saved', { fields: fieldList(fields) }),
    notTaken: (fields: (keyof Profile)[]) => t('account.profile.notTaken', { fields: fieldList(fields) }, fields.length),
    cleared: (fields: (keyof Profile)[]) => capitalize(t('account.profile.cleared', { fields: fieldList(fields) }, fields.length))
  },

  plan: {
    get heading() { return t('account.plan.heading') },
    get noPlanName() { return t('account.plan.noPlanName') },
    nextInvoice: (date: string) => t('account.plan.nextInvoice', { date }),
    activeSince: (date: string) => t('account.plan.activeSince', { date }),
    get usage() { return t('account.plan.usage') },
    get flipbooks() { return t('account.plan.flipbooks') },
    get documents() { return t('account.plan.documents') },
    full: (kind: QuotaKind) => t(kind === 'flipbook' ? 'account.plan.fullFlipbooks' : 'account.plan.fullDocuments'),
    nearlyFull: (kind: QuotaKind, left: number) =>
      t(kind === 'flipbook' ? 'account.plan.nearlyFullFlipbooks' : 'account.plan.nearlyFullDocuments', { count: groupedCount(left) }, left),
    get notReported() { return t('account.plan.notReported') },
    get documentsAre() { return t('account.plan.documentsAre') },
    get documentsOff() { return t('account.plan.documentsOff') },
    get documentsLink() { return t('account.plan.documentsLink') },
    facts: {
      get largestPdf() { return t('account.plan.facts.largestPdf') },
      get maxItems() { return t('account.plan.facts.maxItems') },
      get customDomains() { return t('account.plan.facts.customDomains') },
      get advancedSharing() { return t('account.plan.facts.advancedSharing') },
      get leadVerification() { return t('account.plan.facts.leadVerification') },
      get lifetime() { return t('account.plan.facts.lifetime') },
      get fees() { return t('account.plan.facts.fees') },
      get tax() { return t('account.plan.facts.tax') },
      get subscription() { return t('account.plan.facts.subscription') }
    },
    get contact() { return t('account.plan.contact') },
    contactFacts: {
      get brand() { return t('account.plan.contactFacts.brand') },
      get name() { return t('account.plan.contactFacts.name') },
      get email() { return t('account.plan.contactFacts.email') },
      get mobile() { return t('account.plan.contactFacts.mobile') }
    }
  },

  billing: {
    get heading() { return t('account.billing.heading') },
    get none() { return t('account.billing.none') },
    caption: (count: number) => t('account.billing.caption', { count: groupedCount(count) }, count),
    columns: {
      get order() { return t('account.billing.columns.order') },
      get date() { return t('account.billing.columns.date') },
      get plan() { return t('account.billing.columns.plan') },
      get amount() { return t('account.billing.columns.amount') },
      get items() { return t('account.billing.columns.items') }
    },
    get invoice() { return t('account.billing.invoice') },
    openInvoice: (order: string) => t('account.billing.openInvoice', { order }),
    get noInvoice() { return t('account.billing.noInvoice') }
  },

  lists: {
    get heading() { return t('account.lists.heading') },
    get lead() { return t('account.lists.lead') },
    updated: (when: string) => t('account.lists.updated', { when }),
    get updating() { return t('account.lists.updating') },
    get notYet() { return t('account.lists.notYet') },
    get refresh() { return t('account.lists.refresh') },
    get flipbookTemplates() { return t('account.lists.flipbookTemplates') },
    get documentTemplates() { return t('account.lists.documentTemplates') },
    get flipbookSkins() { return t('account.lists.flipbookSkins') },
    get documentSkins() { return t('account.lists.documentSkins') },
    get currencies() { return t('account.lists.currencies') },
    get music() { return t('account.lists.music') },
    get none() { return t('account.lists.none') },
    /** A list entry the service sent without a name. */
    get unnamed() { return t('account.lists.unnamed') },
    get noSound() { return t('account.lists.noSound') },
    /** The service's file cannot be played inside FlipDrop (it is not on a secure address). */
    get noPreview() { return t('account.lists.noPreview') },
    play: (name: string) => t('account.lists.play', { name }),
    stop: (name: string) => t('account.lists.stop', { name }),
    get notPlayable() { return t('account.lists.notPlayable') }
  },

  /** Names of the parts, for the "will show once…" line. */
  parts: {
    get profile() { return t('account.parts.profile') },
    get plan() { return t('account.parts.plan') },
    get payments() { return t('account.parts.payments') },
    get lists() { return t('account.parts.lists') }
  }
}

/** The profile's fields as people name them, in the window's language. */
export function profileFieldName(field: keyof Profile): string {
  if (field === 'name') return t('account.profile.fields.name')
  return field === 'phone' ? t('account.profile.fields.phone') : t('account.profile.fields.profileImage')
}

/** "name, phone number and profile picture". */
export function fieldList(fields: (keyof Profile)[]): string {
  return listOf(fields.map(profileFieldName))
}

/** "a, b and c", the way the window's language joins a list. */
export function listOf(parts: string[], type: 'conjunction' | 'disjunction' = 'conjunction'): string {
  return new Intl.ListFormat(intlLocale(), { type }).format(parts)
}

/** The text with its first letter in upper case (a list of lower-case names that opens a sentence). */
export function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase(intlLocale()) + text.slice(1)
}

/** Several accounts side by side: the account menu, adding one, signing out of one, badges. */
export const ACCOUNTS_WORDS = {
  get menu() { return t('account.accounts.menu') },
  get menuLabel() { return t('account.accounts.menuLabel') },
  /** The current account's header when it is the only one signed in. */
  get signedInAccount() { return t('account.accounts.signedInAccount') },
  /** The list of accounts to switch between, when there are several. */
  get accounts() { return t('account.accounts.accounts') },
  get signedIn() { return t('account.accounts.signedIn') },
  get sessionKey() { return t('account.accounts.sessionKey') },
  get sessionKeyTip() { return t('account.accounts.sessionKeyTip') },
  /** An account whose key the service refused: choosing it asks for the key again. */
  get refused() { return t('account.accounts.refused') },
  /** A signed-out account with uploads waiting for it. */
  signedOut: (waiting: number) => t('account.accounts.signedOut', { count: groupedCount(waiting) }, waiting),
  signInAgain: (name: string) => t('account.accounts.signInAgain', { name }),
  needsAttention: (names: string[]) => t('account.accounts.needsAttention', { names: listOf(names) }, names.length),
  get add() { return t('account.accounts.add') },
  get accountAndPlan() { return t('account.accounts.accountAndPlan') },
  get about() { return t('account.accounts.about') },
  get signOut() { return t('account.accounts.signOut') },
  signOutOf: (name: string) => t('account.accounts.signOutOf', { name }),
  /** After a switch (a toast, and read out): where new PDFs go now, by the brand people know. */
  switched: (short: string) => t('account.accounts.switched', { short }),
  switchFailed: (message: string) => t('account.accounts.switchFailed', { message }),
  added: (short: string) => t('account.accounts.added', { short }),
  /** The keys that switch to an account, by its place in the menu ("Ctrl+Shift+2", "⇧⌘2" on a Mac). */
  shortcut: (place: number, mac: boolean) => t(mac ? 'account.accounts.shortcutMac' : 'account.accounts.shortcut', { place: String(place) }),
  /** The chip atop Publish and Library: whose queue and library they are. */
  chip: {
    get publish() { return t('account.accounts.chip.publish') },
    get library() { return t('account.accounts.chip.library') },
    label: (view: 'publish' | 'library', short: string, name: string | null) => {
      if (name === null || name === '' || name === short) {
        return view === 'publish' ? t('account.accounts.chip.labelPublish', { short }) : t('account.accounts.chip.labelLibrary', { short })
      }
      return view === 'publish' ? t('account.accounts.chip.labelPublishNamed', { short, name }) : t('account.accounts.chip.labelLibraryNamed', { short, name })
    }
  },
  signedOutOf: (label: string, next: string | null) =>
    next ? t('account.accounts.signedOutOfNext', { label, next }) : t('account.accounts.signedOutOf', { label }),
  askSignOut: {
    /** One account: as before (only it is signed in). */
    get title() { return t('account.accounts.askSignOut.title') },
    titleOf: (name: string) => t('account.accounts.askSignOut.titleOf', { name }),
    message: (waiting: number) => t('account.accounts.askSignOut.message', { count: groupedCount(waiting) }, waiting),
    messageOf: (waiting: number, label: string) => t('account.accounts.askSignOut.messageOf', { count: groupedCount(waiting), label }, waiting),
    get confirm() { return t('account.accounts.askSignOut.confirm') },
    get cancel() { return t('account.accounts.askSignOut.cancel') }
  },
  /** An account with neither brand, name nor e-mail (as accountLabel says it). */
  get unnamed() { return t('account.accounts.unnamed') },
  /** An account named by work that main does not list. */
  unknown: {
    get short() { return t('account.accounts.unknown.short') },
    get label() { return t('account.accounts.unknown.label') }
  },
  /** The accessible name of a badge: which account a row belongs to. */
  badge: (label: string) => t('account.accounts.badge', { label }),
  aboutVersion: (version: string) => t('account.accounts.aboutVersion', { version }),
  get aboutText() { return t('account.accounts.aboutText') },
  get close() { return t('account.accounts.close') }
}

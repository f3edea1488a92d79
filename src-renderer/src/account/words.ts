import type { Profile } from '../../../src-shared/domain/service/account'
import { countOf, type NounForms } from '../words/plural'
import { leftOf } from '../words/quota'

/*
 * Every sentence of the Account view, in one place for the next copy pass. Outcomes, not
 * internals: no API field names, no item IDs; what a thing is for, where it shows.
 */

export const ACCOUNT_WORDS = {
  title: 'Account',
  /** Shown once, at the top, when what the view shows is not fresh from the service. */
  asOf: (when: string) => `Shown as last received, as of ${when}.`,
  /** Parts never received (a first start offline): one line instead of an error per section. */
  notYet: (parts: string[]) => `Your ${sentenceList(parts, 'and')} will show once FlipDrop reaches the service.`,
  loading: 'Loading…',
  /** Why the forms that need the service are off; the status strip says the rest. */
  needsService: 'Changes need a connection to the service.',

  you: {
    heading: 'Your account',
    noName: 'No name yet',
    edit: 'Edit profile',
    technical: 'Technical details',
    userId: 'Account number',
    vendorId: 'Vendor number',
    serviceHost: 'Service host',
    imageNotShown: 'Your profile picture is not shown: only https:// pictures are loaded.',
    imageBroken: 'Your profile picture could not be loaded.'
  },

  profile: {
    heading: 'Edit profile',
    hint: 'An empty field keeps what is there now: the service can replace a value but not remove it.',
    name: 'Name',
    nameHint: 'Your name on your account, also shown in FlipDrop’s sidebar. Readers of a flipbook see its title, which you set when publishing.',
    phone: 'Phone',
    phoneHint: 'Digits, spaces and + - ( ), 6 to 20 digits.',
    image: 'Profile picture',
    imageHint: 'The https:// address of a picture.',
    imagePlaceholder: 'https://…',
    save: 'Save profile',
    saving: 'Saving…',
    cancel: 'Cancel',
    nothingChanged: 'Nothing has changed yet: edit a field, then save.',
    saved: (fields: (keyof Profile)[]) => `Saved: ${fieldList(fields)}.`,
    notTaken: (fields: (keyof Profile)[]) =>
      `The service did not take the new ${fieldList(fields)}: it still holds the old ${fields.length === 1 ? 'value' : 'values'}.`,
    cleared: (fields: (keyof Profile)[]) =>
      `${capitalize(fieldList(fields))} ${fields.length === 1 ? 'stays' : 'stay'} as before: the service cannot remove a value, only replace it.`
  },

  plan: {
    heading: 'Plan',
    noPlanName: 'Your plan',
    nextInvoice: (date: string) => `Next invoice ${date}`,
    activeSince: (date: string) => `Active since ${date}`,
    usage: 'How much of your plan is used',
    flipbooks: 'Flipbooks',
    documents: 'Documents',
    full: (kind: string) => `Full: no ${kind.toLowerCase()} left on this plan.`,
    nearlyFull: (left: number, noun: NounForms) => `Nearly full: ${leftOf(left, noun)}.`,
    notReported: 'Not reported yet',
    documentsAre: 'Documents are PDFs shown in the service’s document viewer instead of as page-turning flipbooks.',
    documentsOff: 'They need a document service address:',
    documentsLink: 'set it in Settings',
    facts: {
      largestPdf: 'Largest PDF',
      maxItems: 'Items on this plan',
      customDomains: 'Custom domains',
      advancedSharing: 'Advanced sharing',
      leadVerification: 'Verify readers’ e-mail on lead forms',
      lifetime: 'Lifetime plan',
      fees: 'Price',
      tax: 'Tax',
      subscription: 'Subscription number'
    },
    contact: 'Billing contact',
    contactFacts: { brand: 'Brand', name: 'Name', email: 'E-mail', mobile: 'Mobile' }
  },

  billing: {
    heading: 'Billing history',
    none: 'No payments yet.',
    caption: (count: number) => `Payments, ${count} in all. Choose a column heading to sort by it.`,
    columns: { order: 'Order', date: 'Date', plan: 'Plan', amount: 'Amount', items: 'Items' },
    invoice: 'Invoice',
    openInvoice: (order: string) => `Open invoice for order ${order}`,
    noInvoice: 'No invoice'
  },

  lists: {
    heading: 'Templates, skins and music',
    lead: 'What your flipbooks and documents can use on the service: templates to start from, skins around the pages, currencies for selling, and background music.',
    updated: (when: string) => `Updated ${when}.`,
    updating: 'Checking for changes…',
    notYet: 'Not received yet.',
    refresh: 'Check for changes',
    flipbookTemplates: 'Flipbook templates',
    documentTemplates: 'Document templates',
    flipbookSkins: 'Flipbook skins',
    documentSkins: 'Document skins',
    currencies: 'Currencies for selling',
    music: 'Background music',
    none: 'None.',
    /** A list entry the service sent without a name. */
    unnamed: 'Unnamed',
    noSound: 'no sound',
    /** The service's file cannot be played inside FlipDrop (it is not on a secure address). */
    noPreview: 'No preview',
    play: (name: string) => `Play preview of ${name}`,
    stop: (name: string) => `Stop preview of ${name}`,
    notPlayable: 'That preview could not be played.'
  },

  /** Names of the parts, for the "will show once…" line. */
  parts: { profile: 'profile', plan: 'plan', payments: 'billing history', lists: 'the lists of templates and skins' }
} as const

/** The profile's fields as people name them. */
export const PROFILE_FIELD_NAMES: Record<keyof Profile, string> = {
  name: 'name',
  phone: 'phone number',
  profileImage: 'profile picture'
}

/** "name, phone number and profile picture". */
export function fieldList(fields: (keyof Profile)[]): string {
  return sentenceList(
    fields.map((field) => PROFILE_FIELD_NAMES[field]),
    'and'
  )
}

/** "a, b and c" (or "or"). */
export function sentenceList(parts: string[], joiner: 'and' | 'or'): string {
  if (parts.length <= 1) return parts[0] ?? ''
  return `${parts.slice(0, -1).join(', ')} ${joiner} ${parts.at(-1) ?? ''}`
}

/** The text with its first letter in upper case. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** Several accounts side by side: the account menu, adding one, signing out of one, badges. */
export const ACCOUNTS_WORDS = {
  menu: 'Account menu',
  menuLabel: 'Account',
  /** The current account's header when it is the only one signed in. */
  signedInAccount: 'Signed-in account',
  /** The list of accounts to switch between, when there are several. */
  accounts: 'Signed-in accounts',
  signedIn: 'Signed in',
  sessionKey: 'Session key',
  sessionKeyTip: 'The key is not saved and is forgotten when FlipDrop quits',
  current: 'Current account',
  /** An account whose key the service refused: choosing it asks for the key again. */
  refused: 'Key not accepted — sign in again',
  /** A signed-out account with uploads waiting for it. */
  signedOut: (waiting: number) => `Signed out · ${countOf(waiting, { one: 'upload waits', other: 'uploads wait' })}`,
  signInAgain: (name: string) => `Sign in again to ${name}…`,
  needsAttention: (names: string[]) => `${sentenceList(names, 'and')} ${names.length === 1 ? 'needs' : 'need'} you to sign in again.`,
  add: 'Add another account…',
  accountAndPlan: 'Account and plan',
  about: 'About FlipDrop',
  signOut: 'Sign out…',
  signOutOf: (name: string) => `Sign out of ${name}…`,
  /** After a switch (a toast, and read out): where new PDFs go now, by the brand people know. */
  switched: (short: string) => `Now publishing to ${short}`,
  switchFailed: (message: string) => `Could not switch accounts: ${message}`,
  added: (short: string) => `Now publishing to ${short}. Your other accounts stay signed in.`,
  /** The keys that switch to an account, by its place in the menu ("Ctrl+Shift+2", "⇧⌘2" on a Mac). */
  shortcut: (place: number, mac: boolean) => (mac ? `⇧⌘${String(place)}` : `Ctrl+Shift+${String(place)}`),
  /** The same keys as a screen reader hears them. */
  shortcutSpoken: (place: number, mac: boolean) => (mac ? `Shift Command ${String(place)}` : `Control Shift ${String(place)}`),
  /** The chip atop Publish and Library: whose queue and library they are. */
  chip: {
    publish: 'Publishing to',
    library: 'Library of',
    label: (where: string, short: string, name: string | null) => `${where} ${short}${name && name !== short ? `, ${name}` : ''}`
  },
  signedOutOf: (label: string, next: string | null) => (next ? `Signed out of ${label}. Now using ${next}.` : `Signed out of ${label}.`),
  askSignOut: {
    /** One account: as before (only it is signed in). */
    title: 'Sign out while uploads wait?',
    titleOf: (name: string) => `Sign out of ${name} while uploads wait?`,
    message: (waiting: number) =>
      `${countOf(waiting, { one: 'upload', other: 'uploads' })} ${waiting === 1 ? 'is' : 'are'} still waiting. ${waiting === 1 ? 'It stays' : 'They stay'} in the queue and continue when you sign in to this account again.`,
    messageOf: (waiting: number, label: string) =>
      `${countOf(waiting, { one: 'upload', other: 'uploads' })} for ${label} ${waiting === 1 ? 'is' : 'are'} still waiting. ${waiting === 1 ? 'It stays' : 'They stay'} in the queue and continue when you sign in to ${label} again. Your other accounts stay signed in.`,
    confirm: 'Sign out',
    cancel: 'Stay signed in'
  },
  /** An account with neither brand, name nor e-mail (as accountLabel says it). */
  unnamed: 'Your account',
  /** An account named by work that main does not list. */
  unknown: { short: 'Another account', label: 'An account FlipDrop no longer knows' },
  /** The accessible name of a badge: which account a row belongs to. */
  badge: (label: string) => `Account: ${label}`,
  aboutVersion: (version: string) => `Version ${version}`,
  aboutText: 'Publishes your PDFs as flipbooks and documents, and keeps them up to date.',
  close: 'Close'
} as const

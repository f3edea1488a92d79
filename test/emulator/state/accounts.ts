import type { Account, StoredPayment } from './types'

const DAY_MS = 86_400_000

const PEOPLE = [
  { name: 'Dana Whitfield', email: 'dana@northwind-press.example', brand: 'Northwind Press' },
  { name: 'Ravi Menon', email: 'ravi@kitestudio.example', brand: 'Kite Studio' },
  { name: 'Lena Vogel', email: 'lena@vogel-design.example', brand: 'Vogel Design' },
  { name: 'Tomás Ortega', email: 'tomas@harbor-foods.example', brand: 'Harbor Foods' },
  { name: 'Aiko Tanaka', email: 'aiko@lumen-travel.example', brand: 'Lumen Travel' },
  { name: 'Grace Okafor', email: 'grace@medilink.example', brand: 'Medilink Health' },
  { name: 'Sven Lindqvist', email: 'sven@fjord-outdoor.example', brand: 'Fjord Outdoor' },
  { name: 'Priya Shah', email: 'priya@saffron-events.example', brand: 'Saffron Events' },
  { name: 'Marco Bellini', email: 'marco@bellini-architects.example', brand: 'Bellini Architects' }
] as const

/** Where the emulator serves an account's profile picture (a circle of its own colour with its brand's initials). */
export function profilePicturePath(userId: string): string {
  return `/__files/images/profile/${userId}.svg`
}

/**
 * A fresh account for an API key: user, profile (nine people of nine brands, so up to nine
 * keys never look alike), an "Active" Pro plan and a year of monthly
 * payments. Index n makes each key's account distinct and stable.
 */
export function makeAccount(key: string, index: number, nowMs: number): Account {
  const person = PEOPLE[index % PEOPLE.length] ?? PEOPLE[0]
  const activeFromMs = nowMs - 400 * DAY_MS
  const payments: StoredPayment[] = []
  for (let m = 0; m < 4; m++) {
    payments.push({
      orderId: `#ORD-${(710_200 + index * 1000 + m).toString()}`,
      amount: 'USD 29.00',
      plan: 'Pro Monthly',
      paidMs: nowMs - (m * 30 + 5) * DAY_MS,
      invoiceUrl: m === 3 ? '' : `https://billing.example.com/invoices/${(910_000 + index * 1000 + m).toString()}.pdf`,
      itemCount: 100
    })
  }
  return {
    key,
    userId: (52_000 + index).toString(),
    vendorId: (8_100 + index).toString(),
    name: person.name,
    email: person.email,
    phone: index === 0 ? '+1 415 555 0134' : '',
    profileImage: '',
    brand: person.brand,
    plan: 'Pro Monthly',
    fees: 'USD 29.00',
    tax: 'USD 0.00',
    subscriptionId: `#SUB-${(300_400 + index).toString()}`,
    activeFromMs,
    nextInvoiceMs: nowMs + 25 * DAY_MS,
    status: 'Active',
    payments
  }
}

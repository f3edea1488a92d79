/** Rejects an empty account name: the keychain cannot file an entry under it. */
export function checkAccount(account: string): void {
  if (account.length === 0) throw new TypeError('An account name is needed to store an API key.')
}

/** Rejects an empty key: storing one would look like success but keep nothing usable. */
export function checkKey(key: string): void {
  if (key.length === 0) throw new TypeError('The API key is empty.')
}

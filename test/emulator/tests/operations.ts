/** Every operation of service-api.md §4 as [method, path], for rules that apply to all of them. */
export const OPERATIONS: ReadonlyArray<readonly [string, string]> = [
  ['GET', '/api/list-templates'],
  ['GET', '/api/list-skins'],
  ['GET', '/api/list-currencies'],
  ['GET', '/api/list-background-music'],
  ['GET', '/api/whoami'],
  ['GET', '/api/get-profile'],
  ['PUT', '/api/set-profile'],
  ['GET', '/api/get-subscription-details'],
  ['GET', '/api/list-payments'],
  ['POST', '/api/create-by-file'],
  ['POST', '/api/create-by-url'],
  ['GET', '/api/get/1001'],
  ['GET', '/api/find-by-url?URL=x'],
  ['GET', '/api/list'],
  ['GET', '/api/get-pdf/1001'],
  ['POST', '/api/duplicate/1001'],
  ['PUT', '/api/replace-pdf/1001'],
  ['PUT', '/api/replace-pdf-by-url/1001']
]

import type { FlipdropApi } from '../../src-shared/contract/bridge'

// What the page under test exposes, for the code that runs inside page.evaluate().
declare global {
  interface Window {
    readonly flipdrop: FlipdropApi<File>
  }
}

export {}

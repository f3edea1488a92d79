import type { FlipdropApi } from '../../src-shared/contract/bridge'

declare global {
  interface Window {
    /** The typed bridge the preload exposes; the renderer's only way to main. */
    readonly flipdrop: FlipdropApi<File>
  }
}

export {}

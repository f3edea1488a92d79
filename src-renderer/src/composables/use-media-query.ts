import { getCurrentScope, onScopeDispose, ref, type Ref } from 'vue'

/** Whether a CSS media query matches now, kept up to date while the calling scope lives. */
export function useMediaQuery(query: string): Ref<boolean> {
  const list = window.matchMedia(query)
  const matches = ref(list.matches)
  const update = (event: MediaQueryListEvent): void => {
    matches.value = event.matches
  }
  list.addEventListener('change', update)
  if (getCurrentScope()) onScopeDispose(() => list.removeEventListener('change', update))
  return matches
}

/**
 * A test-only page (never part of the app): two buttons wired to usePickFiles the way the
 * publish view's "Add PDFs…" and the library's "Replace from file…" are meant to be. What
 * a pick resolved to is written into an <output> (with the number of picks so far as
 * data-picks); files from "Add PDFs…" are queued through the bridge.
 */
import { createApp, defineComponent, h, ref } from 'vue'
import { usePickFiles, type PickedFiles } from '../../../src-renderer/src/composables/use-pick-files'

const Fixture = defineComponent({
  setup() {
    const { pickFiles } = usePickFiles()
    const outcome = ref('')
    const picks = ref(0)

    async function settle(picking: Promise<PickedFiles | null>, queue: boolean): Promise<void> {
      const picked = await picking
      if (picked === null) {
        outcome.value = JSON.stringify({ dialog: 'main' })
        picks.value++
        return
      }
      let added = 0
      let error: string | undefined
      if (queue && picked.paths.length > 0) {
        const reply = await window.flipdrop.uploads.enqueuePaths({ paths: picked.paths, onSameContent: 'new' })
        if (reply.ok) added = reply.value.added.length
        else error = reply.error.message
      }
      outcome.value = JSON.stringify({ paths: picked.paths, skipped: picked.skipped, added, error })
      // Counted once the outcome is written: the test waits for the count, then reads it.
      picks.value++
    }

    // pickFiles is called in the click itself: a file chooser opens only during a user's click.
    return () => [
      h('button', { type: 'button', onClick: () => void settle(pickFiles(), true) }, 'Add PDFs…'),
      h('button', { type: 'button', onClick: () => void settle(pickFiles({ multiple: false }), false) }, 'Replace from file…'),
      h('output', { 'data-testid': 'picked', 'data-picks': picks.value }, outcome.value)
    ]
  }
})

createApp(Fixture).mount('#app')

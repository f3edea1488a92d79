import { usePickFiles } from '../composables/use-pick-files'
import { usePublishStore } from '../stores/publish-store'

/**
 * "Add PDFs…": the browser's own chooser in the demo (files copied to the host), main's OS
 * dialog in the app. Call `addPdfs` from the click itself: a browser opens a chooser only then.
 */
export function useAddPdfs(): { addPdfs: () => Promise<void> } {
  const publish = usePublishStore()
  const { pickFiles } = usePickFiles()
  return {
    async addPdfs() {
      const picked = await pickFiles({ multiple: true })
      if (picked === null) await publish.chooseFiles()
      else if (picked.paths.length > 0 || picked.skipped.length > 0) await publish.addPaths(picked.paths, picked.skipped)
    }
  }
}

import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** One axe finding, short enough to read in a failed assertion. */
export interface Finding {
  id: string
  impact: string
  targets: string[]
}

/**
 * Whether the element a contrast finding names was fading in or out while axe measured it: gone
 * since (a toast that left), or inside a Vue enter/leave transition now. The scan waits for
 * transitions to end before it starts, but a toast's own timer can start its exit mid-scan on a
 * loaded machine, and axe then measures its half-transparent text.
 */
async function wasFading(page: Page, target: string): Promise<boolean> {
  return page.evaluate((selector) => {
    const element = document.querySelector(selector)
    return element === null || element.closest('[class*="-leave-"], [class*="-enter-"]') !== null
  }, target)
}

/** The serious and critical axe findings of the page as it is now (WCAG 2.2 AA and best practices). */
export async function seriousFindings(page: Page): Promise<Finding[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze()
  const findings: Finding[] = []
  for (const violation of result.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue
    const targets: string[] = []
    for (const node of violation.nodes) {
      const target = node.target.join(' ')
      // Only contrast depends on a transition's opacity; every other finding stands as found.
      if (violation.id === 'color-contrast' && node.target.length === 1 && (await wasFading(page, target))) continue
      targets.push(target)
    }
    if (targets.length > 0) findings.push({ id: violation.id, impact: violation.impact, targets })
  }
  return findings
}

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

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

/** Waits until no Vue enter/leave transition runs (a toast fading in or out). */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[class*="-enter-active"], [class*="-leave-active"]') === null, undefined, { timeout: 10_000 })
}

/** The contrast findings' targets of a second scan, of contrast only, once the page has settled. */
async function contrastTargetsAgain(page: Page): Promise<Set<string>> {
  await settled(page)
  const again = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze()
  return new Set(again.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' '))))
}

/** The serious and critical axe findings of the page as it is now (WCAG 2.2 AA and best practices). */
export async function seriousFindings(page: Page): Promise<Finding[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze()
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
  // A toast that faded mid-scan may be named by a selector another toast now matches, so the
  // check above cannot tell. Contrast is measured again on the settled page: a real finding is
  // found both times, a fade only once.
  const contrast = findings.find((finding) => finding.id === 'color-contrast')
  if (contrast) {
    const again = await contrastTargetsAgain(page)
    contrast.targets = contrast.targets.filter((target) => again.has(target))
    if (contrast.targets.length === 0) findings.splice(findings.indexOf(contrast), 1)
  }
  return findings
}

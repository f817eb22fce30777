/**
 * WCAG 2.2 AA in a journey's page (docs/product/common.md#accessibility): axe-core injected into the page, and the
 * critical and serious violations it finds, in words with their first nodes (pages.e2e.ts, alerts.e2e.ts).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// evaluated through the DevTools protocol: the app's Content-Security-Policy forbids an injected <script>
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

export async function seriousViolations(page: Page): Promise<string[]> {
  // the page has set its title (usePageTitle): it has rendered, not navigating any more
  await page.waitForFunction(() => document.title !== '' && document.documentElement.lang !== '');
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      // every rule still runs and lists every violating node; passes and incomplete results (never read here)
      // keep one node each instead of every element checked: axe's time per page 28.3 s -> 24.4 s on 28 pages
      resultTypes: ['violations'],
    })) as { violations: AxeViolation[] };
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id} (${violation.help}) × ${violation.nodes.length}: ` +
        violation.nodes
          .slice(0, 3)
          .map(
            (node) => `${JSON.stringify(node.target)} ${node.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`,
          )
          .join(' | '),
    );
}

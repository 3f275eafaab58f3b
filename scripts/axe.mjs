// axe-core as both browser suites run it: on the page as it stands, in the page itself (as
// @axe-core/playwright's legacy mode ran it; its default opened a blank page for every run to join
// the frames' results, which doubled each run's time).
import axe from 'axe-core';

/**
 * Puts axe-core into every frame of `page` that has not got it yet: once per document, where
 * @axe-core/playwright sent its 0.6 MB source twice on every run (0.1 to 0.15 s of the renderer
 * each time, and a console test runs axe on several states of one page). axe's default
 * configuration is what the wrapper set (frames of the page's own origin only). A frame that
 * goes away meanwhile, or takes no script, is left out, as @axe-core/playwright left it.
 */
async function inject(page) {
  for (const frame of page.frames()) {
    try {
      // Not `'axe' in window`: an element with id="axe" would answer that too.
      if (await frame.evaluate(() => typeof globalThis.axe?.run === 'function')) continue;
      await frame.evaluate(axe.source);
    } catch {
      // Detached, or refusing scripts: axe in the top frame reports what it cannot reach.
    }
  }
}

/** axe.run in the page: only the violations come back, each element by selector (unless `selectors: false`), HTML and reason. */
function run(page, context, options) {
  return page.evaluate(
    ({ context, options }) =>
      globalThis.axe.run(context, options).then(({ violations }) =>
        violations.map(({ id, impact, help, nodes }) => ({
          id,
          impact,
          help,
          nodes: nodes.map(({ target, html, failureSummary }) => ({ target: target ?? [], html, failureSummary })),
        })),
      ),
    { context, options },
  );
}

/**
 * The violations axe finds on `page` (WCAG `tags` only, when given; but for what `exclude`
 * selects). Only they cross to the test: @axe-core/playwright sent every result, thousands of
 * passing elements each with its HTML and selector. A run computes no selector (`selectors:
 * false`) unless it finds something; then a second run names each element for the report.
 * With both, two console specs (a11y, security) took 123 CPU-s instead of 175 (medians of three
 * and two runs, 2026-11-30).
 */
export async function axeViolations(page, { tags, exclude } = {}) {
  await inject(page);
  const context = { include: [], exclude: exclude ? [exclude] : [] };
  const options = tags ? { runOnly: { type: 'tag', values: tags } } : {};
  const found = await run(page, context, { ...options, selectors: false });
  return found.length === 0 ? found : run(page, context, options);
}

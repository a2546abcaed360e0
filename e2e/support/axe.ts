import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { artifactsDir } from './browser';

/**
 * axe-core in the e2e suite: the engine (the `axe-core` npm package) is evaluated in every frame of
 * the page (TinyMCE's editing areas are iframes) and run from the top frame with every rule it has —
 * WCAG 2.0–2.2 A/AA/AAA, best practices and the experimental ones — none left to its default. The
 * suite fails on a serious or critical violation of any rule but the AAA ones (recorded only); every
 * count is written to `e2e/artifacts/axe-report.jsonl` for the record.
 */

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export type AxeImpact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface AxeViolation {
  id: string;
  impact: AxeImpact | null;
  help: string;
  /** The rule's tags: its WCAG level (`wcag2aaa`…), `best-practice`, `experimental`. */
  tags: string[];
  /** CSS selectors of the offending nodes (the first few). */
  targets: string[];
}

/** The impacts that fail the suite. */
export const BLOCKING: readonly AxeImpact[] = ['serious', 'critical'];

/**
 * WCAG AAA (7:1 text contrast, identical link purpose, no meta refresh): run and recorded, but the
 * product's level is AA (docs/decisions/2026-12-02-axe-every-rule.md), so they do not fail it.
 */
export const RECORDED_ONLY_TAG = 'wcag2aaa';

/** Runs axe over the page as it is now (every frame included). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, so the app's Content-Security-Policy stays as users get it.
  for (const frame of page.frames()) {
    await frame.evaluate(AXE_SOURCE).catch(() => undefined);
  }
  return page.evaluate(async () => {
    interface AxeResult {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        tags: string[];
        nodes: { target: unknown[] }[];
      }[];
    }
    const axe = (
      window as unknown as {
        axe: {
          run: (ctx: Document, options: object) => Promise<AxeResult>;
          getRules: () => { ruleId: string }[];
        };
      }
    ).axe;
    // Every rule by name: a tag list, or axe's defaults, leave the experimental rules out.
    const result = await axe.run(document, {
      runOnly: { type: 'rule', values: axe.getRules().map((rule) => rule.ruleId) },
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact as AxeImpact | null,
      help: violation.help,
      tags: violation.tags,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.map(String).join(' ')),
    }));
  });
}

export const blocking = (violations: AxeViolation[]): AxeViolation[] =>
  violations.filter(
    (violation) =>
      violation.impact !== null &&
      BLOCKING.includes(violation.impact) &&
      !violation.tags.includes(RECORDED_ONLY_TAG),
  );

/** Counts by impact, as the report records them. */
export function countByImpact(violations: AxeViolation[]): Record<AxeImpact, number> {
  const counts: Record<AxeImpact, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  for (const violation of violations) if (violation.impact) counts[violation.impact] += 1;
  return counts;
}

/** Appends one screen's result to `e2e/artifacts/axe-report.jsonl`. */
export function recordAxe(screen: string, variant: string, violations: AxeViolation[]): void {
  mkdirSync(artifactsDir, { recursive: true });
  const line = {
    screen,
    variant,
    ...countByImpact(violations),
    rules: violations.map((violation) => `${violation.id} (${violation.impact ?? 'n/a'})`),
    targets: Object.fromEntries(violations.map((violation) => [violation.id, violation.targets.slice(0, 2)])),
  };
  appendFileSync(path.join(artifactsDir, 'axe-report.jsonl'), `${JSON.stringify(line)}\n`);
}

/** A readable failure: each blocking rule with what it asks and where. */
export const describeViolations = (violations: AxeViolation[]): string =>
  violations
    .map(
      (violation) =>
        `${violation.impact}: ${violation.id} — ${violation.help}\n    ${violation.targets.join('\n    ')}`,
    )
    .join('\n');

/** A width and colour scheme a screen is checked at. */
export interface AxeVariant {
  name: string;
  viewport: { width: number; height: number };
  colorScheme: 'light' | 'dark';
}

export const DESKTOP = { width: 1366, height: 860 };
export const PHONE = { width: 390, height: 844 };

export const AXE_VARIANTS: AxeVariant[] = [
  { name: 'desktop light', viewport: DESKTOP, colorScheme: 'light' },
  { name: 'desktop dark', viewport: DESKTOP, colorScheme: 'dark' },
  { name: 'phone light', viewport: PHONE, colorScheme: 'light' },
  { name: 'phone dark', viewport: PHONE, colorScheme: 'dark' },
];

/** Ids of records the detail screens open; made by the suite before it starts. */
export interface AxeRecords {
  userId: number;
  roleId: number;
  /** A role holding some permissions of a group and a method: its whole-row/column boxes are mixed. */
  partialRoleId: number;
  brandId: number;
  categoryId: number;
  productId: number;
  contactFormId: number;
  productHighlightId: number;
  promotionId: number;
  newsId: number;
  productArticleId: number;
  replyTemplateId: number;
  /** A picture (the brand's logo): the media library's file page. */
  mediaFileId: number;
}

/** One screen of the list: a later screen is one line here. */
export interface AxeScreen {
  name: string;
  /** The path to open, or one built from the suite's records. */
  path: string | ((records: AxeRecords) => string);
  /** Opened signed out (guest layout). */
  guest?: boolean;
  /** Puts the screen in the state to check (opens a menu, a form), after it settled. */
  prepare?: (page: Page) => Promise<void>;
}

/**
 * Waits until the screen shows its content: its main heading, no spinner or skeleton, the network
 * quiet (TinyMCE and the grid have loaded what they show).
 */
export async function settle(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page
    .locator('[role="progressbar"], .MuiSkeleton-root')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  // Every rich-text editor has started (its frame is there and TinyMCE says it is ready): the form as
  // a user gets to work in it, not the skeleton before.
  await page.waitForFunction(() => {
    // The textarea each editor replaces (@tinymce/tinymce-react renders it hidden).
    const targets = document.querySelectorAll('textarea[style*="visibility: hidden"]:not([aria-hidden])');
    if (!targets.length) return true;
    const tinymce = (window as unknown as { tinymce?: { get: () => { initialized: boolean }[] } }).tinymce;
    const editors = tinymce?.get() ?? [];
    return (
      editors.length >= targets.length &&
      editors.every((editor) => editor.initialized) &&
      document.querySelectorAll('.tox-tinymce iframe').length >= targets.length
    );
  });
  // Grow/Fade/Slide transitions: axe must see the final colours, not a half-faded element.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

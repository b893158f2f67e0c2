import { describe, expect, it } from 'vitest';
import { TEST_TERMS } from '@/testing/terms';

/**
 * The web app copies no price, fee, commission or minimum: every figure comes from GET /terms
 * (lib/terms), so a price change on the server is the only change. This reads every source file
 * of src/ (tests and test helpers aside, which serve terms on purpose) and refuses
 * - a naira figure written out, "₦5,000" or "₦ 100", in code or comments; ₦0.00 and ₦0.01 (the
 *   smallest amount naira has, not one of Zuum's figures) pass;
 * - one of today's figures (GET /terms as TEST_TERMS holds it), in naira or in kobo, as a number
 *   or quoted digits on a line that speaks of money. 0, 1, 10 and 100 are left out: they are
 *   everywhere (a percentage, a supply, a kobo-per-naira factor) and say nothing on their own.
 * lib/money, the one formatter, is left out: its comments show how amounts are written.
 */
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/**/testing/**', '!/src/types/openapi.gen.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const NAIRA_FIGURE = /₦\s?(\d[\d,]*(?:\.\d+)?)/g;
const MONEY_WORDS = /price|fee|amount|minimum|naira|kobo|commission|cost|charge|total/i;
const NUMBER = /(?<![\w.])['"]?(\d[\d_]*(?:\.\d+)?)['"]?(?![\w])/g;

/** Every naira amount of the terms, in naira and in kobo (the commission is a percent, the days are days). */
const t = TEST_TERMS;
const AMOUNTS = [
  t.deposit.minimum, t.withdrawal.minimum, t.withdrawal.fee, t.transfer.minimum, t.beat.default_price, t.promotion.price_per_7_days,
  ...Object.values(t.subscription), ...t.release_packages.map((p) => p.price),
];
const KNOWN = [...AMOUNTS, ...AMOUNTS.map((n) => Math.round(n * 100))].filter((n) => ![0, 1, 10, 100].includes(n));

/** The one formatter (lib/money): its comments show how amounts are written, not Zuum's figures. */
const FORMATTER = '/src/lib/money.ts';

/** Where figures are copied: "file:line: text" for each. */
export function copiedFigures(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    if (file === FORMATTER) continue;
    text.split('\n').forEach((line, i) => {
      const where = `${file}:${i + 1}: ${line.trim()}`;
      for (const m of line.matchAll(NAIRA_FIGURE)) {
        if (!['0.00', '0.01'].includes(m[1])) found.push(where);
      }
      if (!MONEY_WORDS.test(line)) return;
      for (const m of line.matchAll(NUMBER)) {
        if (KNOWN.includes(Number(m[1].replaceAll('_', '')))) found.push(where);
      }
    });
  }
  return [...new Set(found)];
}

describe('figures in the web app', () => {
  it('reads the source files', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(Object.keys(sources)).toContain('/src/lib/terms.ts');
  });

  it('finds the copies it looks for', () => {
    expect(
      copiedFigures({
        a: "export const MIN_WITHDRAWAL_TEXT = 'Minimum withdrawal: ₦100';",
        b: '/** ₦5,000 per 7 days */',
        c: 'const KOBO_PER_WEEK = 500_000; // the price',
        d: "{ id: 'basic', name: 'Basic', price: 20000 },",
        e: "export const BEAT_DEFAULTS = { total_supply: '100', amount: '999' } as const;",
        f: "amountInvalid: 'Price must be at least ₦0.01', progress: Math.min(100, percent)",
      }).map((w) => w.split(':')[0]),
    ).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('copies no price, fee, commission or minimum: they come from GET /terms', () => {
    expect(copiedFigures(sources)).toEqual([]);
  });
});

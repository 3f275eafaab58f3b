/**
 * The fixed buckets the rollups keep distributions in, so that a year of days adds up by column
 * (sum(counts[i])) rather than by value: a bucket holds the values up to its edge (and above the
 * edge before it); the last holds everything above. Each metric's "good" threshold (analytics.ts
 * vitalGood) is an edge, so the share rated good is exact; a percentile is the edge of the bucket
 * it falls in.
 */
import { vitalGood, vitalNames, type VitalName } from '@kafue/common/analytics';

/** Visit lengths in seconds (a one-page visit lasts 0). */
export const lengthEdges = [0, 10, 30, 60, 120, 180, 300, 600, 900, 1200, 1800, 2700, 3600];

export const vitalEdges: Record<VitalName, number[]> = {
  LCP: [250, 500, 750, 1000, 1250, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000, 5000, 6000, 8000, 10000, 15000, 20000],
  INP: [25, 50, 75, 100, 125, 150, 175, 200, 250, 300, 350, 400, 500, 600, 800, 1000, 1500, 2000, 3000],
  CLS: [0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.125, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 1.5, 2, 3, 5],
  TTFB: [100, 200, 300, 400, 500, 600, 700, 800, 1000, 1200, 1500, 1800, 2000, 2500, 3000, 4000, 5000, 7500, 10000],
};
for (const name of vitalNames) {
  if (!vitalEdges[name].includes(vitalGood[name])) throw new Error(`${name}: its good threshold must be a bucket edge`);
}

/**
 * The SQL of the bucket index (1-based, as PostgreSQL arrays) of `value` among `edges` (null for
 * null): one more than the edges below the value. width_bucket counts the edges at or below its
 * operand, hence the negated value and edges (a binary search, not a subquery per row).
 */
export const bucketSql = (value: string, edges: number[]) => {
  const negated = edges.map((e) => -e).reverse();
  return `(${edges.length + 1} - width_bucket(-(${value}), '{${negated.join(',')}}'::float8[]))`;
};

/** A histogram of counts (one per bucket, the last above every edge) as an int[] built in SQL from bucket indexes. */
export const histogramSql = (bucket: string, edges: number[]) =>
  `ARRAY[${Array.from({ length: edges.length + 1 }, (_, i) => `count(*) FILTER (WHERE ${bucket} = ${i + 1})`).join(', ')}]::int[]`;

/** A histogram as columns c1, c2... of counts, built in SQL from bucket indexes (analytics_vitals). */
export const histogramColumnsSql = (bucket: string, edges: number[]) =>
  Array.from({ length: edges.length + 1 }, (_, i) => `count(*) FILTER (WHERE ${bucket} = ${i + 1})::int AS c${i + 1}`).join(', ');

/** The SQL summing histogram columns c1, c2... into one histogram (an int[]). */
export const sumHistogramColumnsSql = (edges: number[]) =>
  `ARRAY[${Array.from({ length: edges.length + 1 }, (_, i) => `coalesce(sum(c${i + 1}), 0)`).join(', ')}]::int[]`;

/** The SQL summing histograms element by element (an int[] again). */
export const sumHistogramsSql = (column: string, edges: number[]) =>
  `ARRAY[${Array.from({ length: edges.length + 1 }, (_, i) => `coalesce(sum(${column}[${i + 1}]), 0)`).join(', ')}]::int[]`;

/** The value at `fraction` of a histogram: its bucket's edge (the last edge for the bucket above all); null when empty. */
export function percentile(counts: number[], edges: number[], fraction: number): number | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const [i, count] of counts.entries()) {
    seen += count;
    if (seen >= fraction * total) return edges[Math.min(i, edges.length - 1)];
  }
  return edges[edges.length - 1];
}

/** The share of a histogram's values at or under `limit` (an edge); null when empty. */
export function shareUpTo(counts: number[], edges: number[], limit: number): number | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const upTo = edges.indexOf(limit);
  return counts.slice(0, upTo + 1).reduce((a, b) => a + b, 0) / total;
}

import { curveMonotoneX, line } from 'd3-shape';
import { describe, expect, it } from 'vitest';
import { chartGeometry, fillDays, type DailyCount } from './downloads-chart.ts';

const BOX = { width: 400, height: 200, margin: { top: 10, right: 10, bottom: 30, left: 40 } };

describe('fillDays', () => {
  it('lists every day up to the end day, oldest first, zero where there is no row', () => {
    const days = fillDays(
      [
        { day: '2026-05-30', count: 4 },
        { day: '2026-06-01', count: 7 },
        { day: '2026-01-01', count: 99 }, // outside the window
      ],
      new Date('2026-06-01T23:30:00Z'),
      4,
    );
    expect(days).toEqual([
      { day: '2026-05-29', count: 0 },
      { day: '2026-05-30', count: 4 },
      { day: '2026-05-31', count: 0 },
      { day: '2026-06-01', count: 7 },
    ]);
  });
});

describe('chartGeometry', () => {
  const series = [
    { day: '2026-05-01', count: 0 },
    { day: '2026-05-02', count: 50 },
    { day: '2026-05-03', count: 100 },
  ];

  it('maps the first and last day to the plot edges and counts to heights', () => {
    const geometry = chartGeometry(series, BOX);
    expect(geometry.plot).toEqual({ left: 40, right: 390, top: 10, bottom: 170 });
    // Straight line through evenly spaced points: monotone curve keeps the end points exact.
    expect(geometry.linePath.startsWith('M40,170')).toBe(true);
    expect(geometry.linePath.endsWith('390,10')).toBe(true);
    expect(geometry.areaPath).toContain('390,170');
    expect(geometry.yTicks.map((t) => t.value)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(geometry.yTicks[0]).toEqual({ value: 0, y: 170 });
    expect(geometry.yTicks.at(-1)).toEqual({ value: 100, y: 10 });
    expect(geometry.xTicks).toEqual([
      { day: '2026-05-01', x: 40 },
      { day: '2026-05-02', x: 215 },
      { day: '2026-05-03', x: 390 },
    ]);
  });

  it('puts an all-zero series on the baseline with whole-number ticks only', () => {
    const geometry = chartGeometry(
      series.map((p) => ({ ...p, count: 0 })),
      BOX,
    );
    const ys = [...geometry.linePath.matchAll(/[\d.]+,([\d.]+)/g)].map((m) => Number(m[1]));
    expect(ys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ys)).toEqual(new Set([170]));
    expect(geometry.linePath).toMatch(/^M40,170.*390,170$/);
    expect(geometry.yTicks.map((t) => t.value)).toEqual([0, 1]);
  });

  it('draws a run of equal counts from its two ends: the same curve with fewer segments', () => {
    const counts = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 12, 12, 12, 3, 0, 0, 0, 0, 0, 7, 7];
    const days: DailyCount[] = counts.map((count, i) => ({ day: `2026-05-${String(i + 1).padStart(2, '0')}`, count }));
    const geometry = chartGeometry(days, BOX);
    // The same chart through every day, as d3 draws it (the x and y of each day read from the new path's
    // scales: the first day at the left edge, one step per day, heights from the y ticks).
    const step = (BOX.width - BOX.margin.left - BOX.margin.right) / (counts.length - 1);
    const yOf = (count: number) => 170 - (count / geometry.yTicks.at(-1)!.value) * 160;
    const round = (value: number) => Math.round(value * 10) / 10;
    const full =
      line<number>()
        .x((_, i) => round(40 + i * step))
        .y((count) => round(yOf(count)))
        .curve(curveMonotoneX)
        .digits(1)(counts) ?? '';
    const segments = (path: string) => path.slice(path.indexOf('C') + 1).split('C');
    const drawn = segments(geometry.linePath);
    expect(drawn.length).toBeLessThan(segments(full).length / 2);
    for (const segment of segments(full)) {
      const [, y1, , y2, , y3] = segment.split(',').map(Number);
      // Every segment of the full curve is in the drawn one, unless it is a flat piece of a run.
      if (!drawn.includes(segment)) expect(new Set([y1, y2, y3]).size).toBe(1);
    }
    expect(geometry.linePath.slice(0, geometry.linePath.indexOf('C'))).toBe(full.slice(0, full.indexOf('C')));
  });
});

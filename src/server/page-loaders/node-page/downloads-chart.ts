import { scaleLinear, scaleUtc } from 'd3-scale';
import { area, curveMonotoneX, line } from 'd3-shape';

export interface DailyCount {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  count: number;
}

const DAY_MS = 86_400_000;

/**
 * The last `days` UTC days ending with `end`'s day, oldest first, with 0 for days without a row
 * (node_downloads_daily only has rows for days with installs).
 */
export function fillDays(rows: DailyCount[], end: Date, days: number): DailyCount[] {
  const byDay = new Map(rows.map((row) => [row.day, row.count]));
  const last = Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate());
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(last - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10);
    return { day, count: byDay.get(day) ?? 0 };
  });
}

export interface ChartBox {
  width: number;
  height: number;
  /** Room for the axis labels. */
  margin: { top: number; right: number; bottom: number; left: number };
}

export interface ChartGeometry {
  linePath: string;
  areaPath: string;
  /** Days to label on the x axis, with their x position. */
  xTicks: { day: string; x: number }[];
  /** Round counts for horizontal grid lines, with their y position. */
  yTicks: { value: number; y: number }[];
  plot: { left: number; right: number; top: number; bottom: number };
}

const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * SVG geometry for a downloads-over-time chart (d3 does the scales and the path strings; the page
 * renders them on the server, so no chart code runs in the browser). Needs at least one point.
 */
export function chartGeometry(series: DailyCount[], box: ChartBox): ChartGeometry {
  const plot = {
    left: box.margin.left,
    right: box.width - box.margin.right,
    top: box.margin.top,
    bottom: box.height - box.margin.bottom,
  };
  const first = dayDate(series[0]!.day);
  const last = dayDate(series.at(-1)!.day);
  const x = scaleUtc().domain([first, last]).range([plot.left, plot.right]);
  const max = Math.max(...series.map((point) => point.count));
  // An all-zero series still gets a 0–1 axis, so the line sits on the baseline instead of the middle.
  const y = scaleLinear()
    .domain([0, Math.max(max, 1)])
    .nice(4)
    .range([plot.bottom, plot.top]);
  const px = (point: DailyCount) => round(x(dayDate(point.day)));
  const py = (point: DailyCount) => round(y(point.count));
  const drawn = withoutFlatInteriors(series);
  const linePath = line<DailyCount>().x(px).y(py).curve(curveMonotoneX).digits(1)(drawn) ?? '';
  const areaPath = area<DailyCount>().x(px).y0(plot.bottom).y1(py).curve(curveMonotoneX).digits(1)(drawn) ?? '';
  // Whole days only: over a short range d3 would also offer noon ticks, labelled with the same date.
  const xTicks = x
    .ticks(4)
    .filter((date) => date.getTime() % DAY_MS === 0)
    .map((date) => ({ day: date.toISOString().slice(0, 10), x: round(x(date)) }));
  const yTicks = y
    .ticks(4)
    .filter((value) => Number.isInteger(value))
    .map((value) => ({ value, y: round(y(value)) }));
  return { linePath, areaPath, xTicks, yTicks, plot };
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The series without the points inside a run of equal counts (a run of days without installs, above
 * all). The monotone curve is flat wherever a point has a neighbour of the same value, so the run is
 * the same horizontal line drawn from its two ends, and every other segment keeps its tangents: the
 * chart looks the same, and a quiet pack's page no longer carries ninety curve segments of one line
 * (≈ 8 KB of markup, ≈ 1.3 KB brotli, in every cached copy of the page).
 */
export function withoutFlatInteriors(series: DailyCount[]): DailyCount[] {
  return series.filter(
    (point, i) =>
      i === 0 ||
      i === series.length - 1 ||
      series[i - 1]!.count !== point.count ||
      series[i + 1]!.count !== point.count,
  );
}

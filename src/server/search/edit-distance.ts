/**
 * Edit distance with adjacent transpositions counting as one edit (optimal string alignment), giving up
 * early: returns `max + 1` as soon as the distance must exceed `max`. The planner only asks "is this a typo of
 * a stop word?" (`oCmfyUI`, `comfu`), so the early exit keeps it to a few dozen cheap comparisons per query.
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(at(previous, j) + 1, at(current, j - 1) + 1, at(previous, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, at(before, j - 2) + 1);
      }
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return Math.min(at(previous, b.length), max + 1);
}

function at(row: readonly number[], j: number): number {
  return row[j] ?? Number.MAX_SAFE_INTEGER;
}

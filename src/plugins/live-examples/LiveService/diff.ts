/**
 * Which lines of a new text are not in an old one, as a line diff finds them (the longest
 * common subsequence of lines): the running example marks the lines a challenge's solution
 * changed when the reader puts it in the editor (./Live/reducer.ts, `solution`). Pure, so
 * that tests/unit/live-state.test.ts checks it on its own.
 */

/** The 1-based numbers of the lines of `after` that a line diff from `before` adds or changes. */
export function changedLines(before: string, after: string): number[] {
  const a = before.split('\n');
  const b = after.split('\n');
  // common[i][j]: the longest common subsequence of a[i..] and b[j..].
  const common = Array.from({length: a.length + 1}, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      common[i]![j] =
        a[i] === b[j]
          ? common[i + 1]![j + 1]! + 1
          : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const changed: number[] = [];
  let [i, j] = [0, 0];
  while (j < b.length) {
    if (i < a.length && a[i] === b[j]) {
      i++;
      j++;
    } else if (i < a.length && common[i + 1]![j]! >= common[i]![j + 1]!) {
      i++;
    } else {
      changed.push(j + 1);
      j++;
    }
  }
  return changed;
}

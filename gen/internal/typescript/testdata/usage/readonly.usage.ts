// With Options.ReadonlyArrays, arrays and tuples cannot be changed in place.
import type { Matrix, Point, SearchOutput } from "./index.js";

export function append(out: SearchOutput, m: Matrix, p: Point): number {
  // @ts-expect-error readonly array
  out.data?.hits.push({ chunk_id: 1, score: 1 });
  // @ts-expect-error readonly inner array
  m[0]?.push("a");
  // @ts-expect-error readonly tuple
  p[0] = 1;
  const mutable: string[][] = [["a"]];
  const accepted: Matrix = mutable; // a mutable array is a readonly one too
  return accepted.length + p[0];
}

// Uses the types of testdata/kitchen the way a client would. Every
// `@ts-expect-error` line must be refused by tsc: if it compiles, tsc reports
// the unused directive and the test fails.
import type {
  Envelope,
  HitPage,
  Identifier,
  Level as LevelType,
  Matrix,
  Nothing,
  Page,
  Point,
  Scalar,
  SearchOutput,
  Shape,
  Warning,
} from "./index.js";
import { EnvelopeStatus, Flags, Level, NullValue, Severity, ShapeCircleKind, Version } from "./index.js";

// Generic envelope: the tool's alias fixes data; the bare type defaults to unknown.
export const found: SearchOutput = {
  success: true,
  status: EnvelopeStatus.Partial,
  data: { hits: [{ chunk_id: 1, score: 0.5, tags: ["a", 1, true, false], at: [0, 1] }] },
  warnings: [{ code: "SLOW", severity: Severity.Warning, message: "slow", count: null, note: "extra members are strings" }],
  labels: null,
  "x-request-id": "r-1",
  retry: { after_ms: 10 },
  anything: { else: [1] },
};
export const failed: Envelope = { success: false, error: { code: "NOT_FOUND", message: "no" }, data: 42 };
export const page: Envelope<Page<string, number>> = { success: true, data: { items: [1, 2], next: "c2" } };

export function firstScore(out: SearchOutput): number | undefined {
  const data = out.data;
  return data?.hits[0]?.score; // noUncheckedIndexedAccess: hits[0] may be absent
}

// @ts-expect-error the payload is fixed: hits is required
export const noHits: SearchOutput = { success: true, data: {} };
// @ts-expect-error optional means absent, not undefined (exactOptionalPropertyTypes)
export const undefinedStatus: SearchOutput = { success: true, status: undefined };
// @ts-expect-error status is not nullable
export const nullStatus: SearchOutput = { success: true, status: null };
// @ts-expect-error only the enum's values
export const badStatus: SearchOutput = { success: true, status: "done" };
// @ts-expect-error success is required
export const noSuccess: Envelope = {};
// @ts-expect-error a false schema forbids the member
export const legacy: Envelope = { success: true, legacy: 1 };
// @ts-expect-error the inline retry object is closed
export const retryExtra: Envelope = { success: true, retry: { after_ms: 1, later: true } };
// @ts-expect-error the closed payload has no other members
export const hitsExtra: SearchOutput = { success: true, data: { hits: [], total: 0 } };
// @ts-expect-error the error's members are required
export const badError: Envelope = { success: false, error: { code: "X" } };

export function requestID(e: Envelope): string | undefined {
  // @ts-expect-error the member is readOnly
  e["x-request-id"] = "changed";
  return e["x-request-id"];
}

// Extra members of Warning must fit the index signature.
// @ts-expect-error extra members of a warning are strings (or a member's type), not booleans
export const badWarning: Warning = { code: "C", severity: "info", message: "m", flag: true };

// Enums and consts: types and values of the same name.
export const level: LevelType = Level.Null;
export const levels: LevelType[] = [Level["1"], Level.Two, Level.True, null];
// @ts-expect-error not a level
export const badLevel: LevelType = false;
export const version: Version = Version;
export const nothingHere: NullValue = NullValue;
export const flags: Flags = Flags;
export const flagsFromJSON: Flags = { a: [1, null], "b-c": -2.5 };
// @ts-expect-error a const has one value
export const badFlags: Flags = { a: [1, null], "b-c": 2 };
// @ts-expect-error a const has one value
export const badVersion: Version = "2.0";

// Discriminated union: narrowing by kind, exhaustively.
export function area(s: Shape): number {
  switch (s.kind) {
    case ShapeCircleKind:
      return Math.PI * s.radius * s.radius;
    case "square":
      return s.side * s.side;
    default: {
      const never: never = s;
      return never;
    }
  }
}
// @ts-expect-error a circle has a radius, not a side
export const badShape: Shape = { kind: "circle", side: 1 };

// Unions with inline branches, tuples, arrays, maps.
export const ids: Identifier[] = ["a", [1, 2], [3, 4], null];
// @ts-expect-error neither a number[] nor a Point
export const badID: Identifier = [1, "a"];
export const point: Point = [1, 2];
// @ts-expect-error a point has exactly two numbers
export const longPoint: Point = [1, 2, 3];
// @ts-expect-error tags start with a string
export const badTags: SearchOutput = { success: true, data: { hits: [{ chunk_id: 1, score: 1, tags: [1] }] } };
export const matrix: Matrix = [["a"], null, []];
export const scalars: Scalar[] = ["a", 1];
// @ts-expect-error a scalar is a string or a number
export const badScalar: Scalar = true;
export const empty: Nothing = {};
// @ts-expect-error nothing is allowed in Nothing
export const notEmpty: Nothing = { a: 1 };
export const hitPage: HitPage = { items: [{ chunk_id: 1, score: 1 }], next: "c" };
// @ts-expect-error the cursor of a HitPage is a string
export const badHitPage: HitPage = { items: [], next: 1 };
export const defaults: Page = { items: ["item type defaults to string"], next: { any: "cursor" } };

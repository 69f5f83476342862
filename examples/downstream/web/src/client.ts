// A client of the search tool. The envelope's types and validators come from
// @envgen/envelope; the tool's own, and SearchOutput = Envelope<SearchResult>,
// from ./search, which envgen generates (see ../../envgen.yaml).
import { Category, type Envelope } from "@envgen/envelope";
import { isSearchOutput, validateSearchOutput, type SearchResult } from "./search/index.js";

/** What the client makes of one answer of the tool: its JSON text. */
export function describe(text: string): string {
  const answer: unknown = JSON.parse(text);
  if (!isSearchOutput(answer)) {
    // Every violation: the envelope's, and this tool's under /data.
    return "invalid: " + validateSearchOutput(answer).map((e) => `${e.instancePath} ${e.keyword}`).join(", ");
  }
  const envelope: Envelope<SearchResult> = answer; // a SearchOutput is the canonical envelope
  if (!envelope.success) {
    const retry = envelope.error?.category === Category.RateLimit ? ", retry later" : "";
    return `failed: ${envelope.error?.code}${retry}`;
  }
  const hits = envelope.data?.hits ?? [];
  return `${hits.length} hit(s) for ${JSON.stringify(envelope.data?.query)}: ${hits.map((h) => h.title).join(", ")}`;
}

const answers = [
  `{"success": true, "data": {"query": "envelope", "hits": [{"id": "d1", "title": "The envelope", "score": 0.9}]}}`,
  `{"success": false, "error": {"code": "RATE_LIMIT_EXCEEDED", "category": "rate_limit", "message": "slow down"}}`,
  `{"success": true, "data": {"query": "envelope", "hits": [{"id": "d1", "title": "", "score": 2}]}}`,
];
console.log(JSON.stringify(answers.map(describe)));

// End-to-end: the official MCP TypeScript SDK client starts the Go example
// server (examples/mcp-server) over stdio and checks what a client sees.
// Nothing here touches the network: the server is a local process.

import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";

import { Tiktoken } from "js-tiktoken/lite";
import o200k_base from "js-tiktoken/ranks/o200k_base";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { isEnvelope, validateEnvelope, type Envelope, type ResponseMode } from "@envgen/envelope";

/** A hit of the search tool (examples/mcp-server/schemas/search-output.json). */
interface Hit {
  chunk_id: number;
  score: number;
  rank: number;
  source_file?: string;
  title?: string;
  snippet?: string;
  text?: string;
}
interface SearchResults {
  hits: Hit[];
  query?: string;
}
interface Chunk {
  chunk_id: number;
  source_file: string;
  title: string;
  text: string;
}

const server = process.env["MCP_SERVER_BIN"] ?? fileURLToPath(new URL("../.bin/mcp-server", import.meta.url));
let client: Client;

before(async () => {
  assert.ok(existsSync(server), `${server} is missing: run "npm run server" (npm test does)`);
  client = new Client({ name: "envgen-e2e", version: "0.0.0" });
  // EXAMPLE_CURSOR_KEY makes cursors signed with a known key; the SDK passes
  // only a safe default environment, so ENVGEN_MCP_INFO does not leak in.
  await client.connect(new StdioClientTransport({ command: server, env: { EXAMPLE_CURSOR_KEY: "e2e" }, stderr: "inherit" }));
  // Listing the tools makes the client validate every later structuredContent
  // against the tool's outputSchema.
  await client.listTools();
});

after(async () => {
  await client.close();
});

interface Called<T> {
  env: Envelope<T>;
  text: string;
  isError: boolean;
}

/**
 * Calls a tool. The SDK client has already validated structuredContent
 * against the tool's outputSchema (the bundled schema); here the generated
 * TypeScript validator checks it against the canonical envelope, and it is
 * compared with the text content, and isError with !success.
 */
async function call<T>(name: string, args: Record<string, unknown>): Promise<Called<T>> {
  const res = await client.callTool({ name, arguments: args });
  const sc: unknown = res.structuredContent;
  assert.deepEqual(validateEnvelope(sc), [], "structuredContent is a valid envelope (generated validator)");
  if (!isEnvelope(sc)) assert.fail("isEnvelope disagrees with validateEnvelope");
  const content = res.content as Array<{ type: string; text?: string }>;
  assert.equal(content.length, 1);
  assert.equal(content[0]?.type, "text");
  const text = content[0]?.text ?? "";
  assert.deepEqual(JSON.parse(text), sc, "the text content is the structured content");
  const isError = res.isError === true;
  assert.equal(isError, !sc.success, "isError is !success");
  return { env: sc as Envelope<T>, text, isError };
}

test("lists the tools with their schemas", async () => {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(), ["get_chunk", "search"]);
  for (const t of tools) {
    assert.equal(t.inputSchema.type, "object");
    assert.equal(t.outputSchema?.type, "object", `${t.name}: the bundled outputSchema`);
    assert.ok(!JSON.stringify(t.outputSchema).includes('"$ref":"https://'), `${t.name}: only local references`);
  }
});

test("pages through the search with cursors to the end", async () => {
  const mode: ResponseMode = "ids_only";
  let args: Record<string, unknown> = { query: "chapter", page_size: 7, response_mode: mode };
  const ids: number[] = [];
  const pages: number[] = [];
  for (;;) {
    const { env, isError } = await call<SearchResults>("search", args);
    assert.equal(isError, false);
    const hits = env.data?.hits ?? [];
    pages.push(hits.length);
    for (const h of hits) {
      ids.push(h.chunk_id);
      assert.deepEqual(Object.keys(h), ["chunk_id", "score", "rank"], "every page keeps ids_only");
    }
    assert.equal(env.meta?.response_mode, mode);
    const p = env.meta?.pagination;
    assert.ok(p);
    assert.equal(p.total, 30);
    if (!p.has_more) {
      assert.equal(p.cursor, undefined, "the last page has no cursor");
      break;
    }
    assert.ok(pages.length < 10, "paging does not end");
    args = { query: "chapter", cursor: p.cursor };
  }
  assert.deepEqual(pages, [7, 7, 7, 7, 2]);
  assert.deepEqual(ids, Array.from({ length: 30 }, (_, i) => i));
});

test("truncates a page to fit a small token budget", async () => {
  const budget = 400;
  const { env, text } = await call<SearchResults>("search", { query: "chapter", response_mode: "full", token_budget: budget });
  assert.equal(env.success, true);
  const meta = env.meta;
  assert.ok(meta?.fidelity && meta.tokens && meta.pagination);
  assert.equal(meta.fidelity.level, "partial");
  const kept = env.data?.hits.map((h) => h.chunk_id) ?? [];
  assert.ok(kept.length >= 1 && kept.length < 5);
  assert.deepEqual(kept, [0, 1, 2, 3, 4].slice(0, kept.length), "items dropped from the end of the page");
  assert.equal(meta.fidelity.dropped_ids, undefined, "the cursor resumes at the first dropped item: no list of them");
  assert.equal(env.warnings?.[0]?.code, "CONTENT_TRUNCATED");
  assert.equal(meta.tokens.budget, budget);
  const o200k = new Tiktoken(o200k_base).encode(text).length;
  assert.ok(Math.abs(meta.tokens.estimated - o200k) * 10 <= o200k, `estimated ${meta.tokens.estimated}, o200k ${o200k}`);
  assert.ok(meta.tokens.estimated <= budget);

  // The next page starts at the first dropped item, under the same budget.
  const next = await call<SearchResults>("search", { query: "chapter", cursor: meta.pagination.cursor });
  assert.equal(next.env.data?.hits[0]?.chunk_id, kept.length);
  assert.equal(next.env.meta?.tokens?.budget, budget, "the budget travels in the cursor");
});

test("a validation error is an error envelope with isError", async () => {
  const { env, isError } = await call<Chunk>("get_chunk", { chunk_id: -1 });
  assert.equal(isError, true);
  assert.equal(env.success, false);
  assert.equal(env.data, undefined);
  assert.equal(env.error?.category, "validation");
  assert.equal(env.error?.code, "INVALID_ARGUMENT");
  assert.equal(env.error?.retry?.retryable, false);
  assert.ok(env.error?.remediation);
  assert.deepEqual(env.error?.details, { constraint: "minimum", field: "chunk_id", received: -1 });

  const ok = await call<Chunk>("get_chunk", { chunk_id: 3 });
  assert.equal(ok.isError, false);
  assert.equal(ok.env.data?.title, "Chapter 3: the profile");
});

test("a tampered cursor or a field outside the mode is a validation error", async () => {
  const first = await call<SearchResults>("search", { query: "chapter" });
  const cursor = first.env.meta?.pagination?.cursor ?? "";
  const tampered = cursor.slice(0, 8) + (cursor[8] === "A" ? "B" : "A") + cursor.slice(9);
  const bad = await call<SearchResults>("search", { query: "chapter", cursor: tampered });
  assert.equal(bad.isError, true);
  assert.equal(bad.env.error?.code, "INVALID_CURSOR");
  assert.equal(bad.env.error?.details?.["reason"], "signature");

  const other = await call<SearchResults>("search", { query: "cursor", cursor });
  assert.equal(other.env.error?.details?.["reason"], "query_mismatch");

  const fields = await call<SearchResults>("search", { query: "chapter", response_mode: "metadata", fields: ["text"] });
  assert.equal(fields.env.error?.code, "INVALID_FIELDS");
  assert.equal(fields.env.error?.details?.["allowed"], "chunk_id, rank, score, source_file, title");
});

test("the same deterministic call gives the same bytes", async () => {
  const args = { query: "budget", response_mode: "preview", token_budget: 300 };
  const a = await call<SearchResults>("search", args);
  const b = await call<SearchResults>("search", args);
  assert.equal(a.text, b.text);
});

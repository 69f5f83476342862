// The client of the README's "MCP servers and clients" section, verbatim
// between the markers, so that the README cannot drift from what works.

import assert from "node:assert/strict";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { isEnvelope, validateEnvelope } from "@envgen/envelope";
import { isFailure, nextPage, retryAdvice } from "@envgen/envelope/client";

type SearchResults = { hits: Array<{ chunk_id: number }> };
const command = process.env["MCP_SERVER_BIN"] ?? fileURLToPath(new URL("../.bin/mcp-server", import.meta.url));

test("the README client pages through a search", async () => {
  const seen: number[] = [];
  const log = (ids: number[] | undefined) => seen.push(...(ids ?? []));
  // README begin
  const client = new Client({ name: "docs-agent", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command }));
  await client.listTools(); // from now on the client checks structuredContent against each outputSchema
  let args: Record<string, unknown> | undefined = { query: "cursor", response_mode: "ids_only" };
  while (args) {
    const env: unknown = (await client.callTool({ name: "search", arguments: args })).structuredContent;
    if (!isEnvelope<SearchResults>(env)) throw new Error(JSON.stringify(validateEnvelope(env)));
    if (isFailure(env)) throw new Error(`${env.error.code}: ${retryAdvice(env).reason}`);
    log(env.data?.hits.map((h) => h.chunk_id));
    args = nextPage(args, env); // undefined after the last page
  }
  // README end
  await client.close();
  assert.deepEqual(seen, [1, 6, 11, 16, 21, 26]);
});

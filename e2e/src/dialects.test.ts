// End-to-end, every output convention: the official MCP TypeScript SDK client
// against the Go example server configured to answer in canonical and in each
// of the five dialects (docs/dialects.md). The SDK validates every
// structuredContent against the outputSchema the tool advertised, and throws
// when it does not match; these tests call success, error, paged and truncated
// cases, and show that the dialect's responses are rejected when the
// canonical outputSchema is advertised instead.

import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { fileURLToPath } from "node:url";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { McpError, type Tool } from "@modelcontextprotocol/sdk/types.js";

const server = process.env["MCP_SERVER_BIN"] ?? fileURLToPath(new URL("../.bin/mcp-server", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "envgen-e2e-"));

type Doc = Record<string, unknown>;
const obj = (v: unknown): Doc => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Doc) : {});

/** How each convention says a call failed, and where it puts the items and the cursor. */
interface Convention {
  name: string;
  config: unknown;
  failed(sc: Doc): boolean;
  items(sc: Doc): unknown[];
  cursor(sc: Doc): unknown;
}

const canonicalItems = (sc: Doc): unknown[] => (obj(sc["data"])["hits"] as unknown[]) ?? [];
const conventions: Convention[] = [
  {
    name: "canonical",
    config: {},
    failed: (sc) => sc["success"] === false,
    items: canonicalItems,
    cursor: (sc) => obj(obj(sc["meta"])["pagination"])["cursor"],
  },
  {
    name: "scalpel",
    config: { global: { dialect: "scalpel" } },
    failed: (sc) => sc["error"] !== undefined && sc["error"] !== null,
    items: canonicalItems,
    cursor: () => undefined, // Code Scalpel has no place for pagination (serve.Tool.Warnings)
  },
  {
    name: "foundry",
    config: { global: { dialect: "foundry" } },
    failed: (sc) => sc["success"] === false,
    items: canonicalItems,
    cursor: (sc) => obj(obj(sc["meta"])["pagination"])["cursor"],
  },
  {
    name: "mcp-envelope",
    config: { global: { dialect: "mcp-envelope" } },
    failed: (sc) => Array.isArray(sc["errors"]) && sc["errors"].length > 0,
    items: (sc) => (obj(sc["result"])["hits"] as unknown[]) ?? [],
    // mcp.envelope has no pagination: a page with more to come says so in its last warning.
    cursor: (sc) => {
      const ws = Array.isArray(sc["warnings"]) ? (sc["warnings"] as unknown[]) : [];
      const last = obj(ws[ws.length - 1]);
      return last["code"] === "PAGINATION.MORE_RESULTS" ? obj(last["details"])["cursor"] : undefined;
    },
  },
  {
    name: "codegraph",
    config: { global: { dialect: "codegraph" } },
    failed: (sc) => sc["success"] === false,
    items: (sc) => (obj(obj(sc["data"])["result"])["hits"] as unknown[]) ?? [],
    cursor: (sc) => obj(obj(obj(sc["data"])["meta"])["page"])["cursor"],
  },
  {
    // bmcis results are a list: the search tool only (get_chunk stays canonical).
    name: "bmcis",
    config: { tool_overrides: { search: { dialect: "bmcis" } } },
    failed: (sc) => obj(sc["_metadata"])["status"] === "error",
    items: (sc) => (sc["results"] as unknown[]) ?? [],
    cursor: (sc) => obj(sc["pagination"])["cursor"],
  },
];

const clients: Client[] = [];
after(async () => {
  for (const c of clients) await c.close();
});

async function connect(c: Convention): Promise<Client> {
  const config = join(dir, `${c.name}.json`);
  writeFileSync(config, JSON.stringify(c.config));
  const client = new Client({ name: "envgen-e2e", version: "0.0.0" });
  await client.connect(
    new StdioClientTransport({ command: server, args: ["-config", config], env: { EXAMPLE_CURSOR_KEY: "e2e" }, stderr: "inherit" }),
  );
  clients.push(client);
  return client;
}

/** Calls a tool; the SDK has validated structuredContent. isError must be the convention's failure. */
async function call(client: Client, c: Convention, name: string, args: Doc): Promise<Doc> {
  const res = await client.callTool({ name, arguments: args });
  const sc = obj(res.structuredContent);
  const convention = name === "get_chunk" && c.name === "bmcis" ? conventions[0]! : c;
  assert.equal(res.isError === true, convention.failed(sc), `${c.name} ${name}: isError is the convention's failure: ${JSON.stringify(sc)}`);
  return sc;
}

let canonicalTools: Tool[] = [];

for (const c of conventions) {
  describe(c.name, () => {
    test("lists, succeeds, fails, pages and truncates; the SDK validates every structuredContent", async () => {
      const client = await connect(c);
      const { tools } = await client.listTools();
      if (c.name === "canonical") canonicalTools = tools;
      const search = tools.find((t) => t.name === "search");
      assert.equal(search?.outputSchema?.type, "object");
      assert.ok(!JSON.stringify(search?.outputSchema).includes('"$ref":"https://'), "self-contained");

      const page1 = await call(client, c, "search", { query: "chapter", page_size: 2 });
      assert.equal(c.items(page1).length, 2);
      const cursor = c.cursor(page1);
      assert.equal(cursor === undefined, c.name === "scalpel", `${c.name}: a cursor to the next page, in every convention but scalpel's`);
      if (cursor !== undefined) {
        const page2 = await call(client, c, "search", { query: "chapter", cursor });
        assert.equal(c.items(page2).length, 2);
        assert.notDeepEqual(c.items(page2), c.items(page1));
      }
      const truncated = await call(client, c, "search", { query: "chapter", response_mode: "full", token_budget: 400 });
      const kept = c.items(truncated).length;
      assert.ok(kept >= 1 && kept < 5, `truncated to ${kept} items`);
      const failure = await call(client, c, "search", { query: " " });
      assert.ok(c.failed(failure));
      await call(client, c, "get_chunk", { chunk_id: 3 });
      const invalid = await call(client, c, "get_chunk", { chunk_id: -1 });
      assert.ok((c.name === "bmcis" ? conventions[0]! : c).failed(invalid));
    });

    if (c.name !== "canonical") {
      test("is rejected by the SDK when the canonical outputSchema is advertised instead", async () => {
        assert.ok(canonicalTools.length > 0, "the canonical test ran first");
        const client = await connect(c);
        await client.listTools();
        // What the client held before tools advertised their dialect.
        (client as unknown as { cacheToolMetadata(tools: Tool[]): void }).cacheToolMetadata(canonicalTools);
        await assert.rejects(
          client.callTool({ name: "search", arguments: { query: "chapter", page_size: 2 } }),
          (err: unknown) => err instanceof McpError && err.code === -32602 && /does not match the tool's output schema/.test(err.message),
        );
      });
    }
  });
}

// Code Scalpel → canonical, as scalpelToCanonical in dialects/scalpel.go.

import type { Envelope, Meta } from "../../../generated/ts/src/index.js";
import type * as scalpel from "../../../generated/ts-dialects/scalpel/index.js";
import { category, code, scalars } from "./common.js";

/**
 * Maps a valid Code Scalpel envelope (any profile) to a canonical envelope,
 * before what the canonical schema rejects is left out (see toCanonical).
 */
export function scalpelToCanonical(e: scalpel.Envelope): Envelope {
  const c: Envelope = { success: true };
  if (e.error !== undefined && e.error !== null) {
    const m = e.error;
    const cd = code(m.error_code);
    c.success = false;
    c.error = { code: cd, category: category(cd), message: m.error };
    const details = scalars(m.error_details);
    if (details !== undefined) c.error.details = details;
    if (e.data !== undefined && e.data !== null) c.data = e.data;
  } else {
    c.data = e.data === undefined ? null : e.data;
  }
  const meta: Meta = {};
  if (e.tier !== undefined && e.tier !== null) meta.tier = e.tier;
  const id = e.tool_id ?? undefined;
  const version = e.tool_version ?? undefined;
  if (id !== undefined || version !== undefined) meta.tool = { name: id ?? "", version: version ?? "" };
  if (e.request_id !== undefined && e.request_id !== null) meta.request_id = e.request_id;
  if (e.capabilities && e.capabilities.length > 0) meta.capabilities = [...e.capabilities];
  if (e.duration_ms !== undefined && e.duration_ms !== null) meta.timing = { duration_ms: e.duration_ms };
  if (e.upgrade_hints && e.upgrade_hints.length > 0) {
    meta.upgrade_hints = e.upgrade_hints.map((h) => {
      const hint: NonNullable<Meta["upgrade_hints"]>[number] = { feature: h.feature, tier: h.tier };
      if (h.reason !== undefined) hint.reason = h.reason;
      return hint;
    });
  }
  if (Object.keys(meta).length > 0) c.meta = meta;
  return c;
}

// Code Scalpel ⇄ canonical, as scalpelToCanonical and scalpelFromCanonical in
// dialects/scalpel.go.

import type { Envelope, Meta } from "../../../generated/ts/src/index.js";
import * as scalpel from "../../../generated/ts-dialects/scalpel/index.js";
import { category, code, nullable, put, scalars } from "./common.js";

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

/** Code Scalpel's output profiles, least first: each sends the members of the one before it and more. */
const scalpelProfiles: readonly string[] = ["minimal", "standard", "verbose", "debug"];

/**
 * Maps a valid canonical envelope to a Code Scalpel envelope, as
 * scalpelFromCanonical in Go: it writes the members the profile sends;
 * profile "" writes every member that has a value, and debug writes null (or
 * [] for upgrade_hints) for the others, as the seed's debug examples do.
 */
export function scalpelFromCanonical(c: Envelope, profile: string): scalpel.Envelope {
  const sends = (least: string): boolean => profile === "" || scalpelProfiles.indexOf(profile) >= scalpelProfiles.indexOf(least);
  const nulls = profile === "debug";
  const e: scalpel.Envelope = {};
  if (c.data !== undefined) e.data = c.data;
  else if (c.success || nulls) e.data = null;
  if (c.error !== undefined) {
    const m: scalpel.ErrorModel = { error: c.error.message, error_code: c.error.code.toLowerCase() };
    put(m, "error_details", nullable(c.error.details, nulls));
    e.error = m;
  } else if (nulls) {
    e.error = null;
  }
  const m = c.meta ?? {};
  if (sends("standard") && (m.upgrade_hints !== undefined || nulls)) {
    e.upgrade_hints = (m.upgrade_hints ?? []).map((h) => {
      const out: scalpel.UpgradeHint = { feature: h.feature, tier: h.tier };
      put(out, "reason", h.reason);
      return out;
    });
  }
  if (sends("verbose")) put(e, "duration_ms", nullable(m.timing?.duration_ms, nulls));
  if (!sends("debug")) return e;
  const tiers: readonly string[] = Object.values(scalpel.TierName);
  const tier = m.tier !== undefined && tiers.includes(m.tier) ? (m.tier as scalpel.TierName) : undefined;
  put(e, "tier", nullable(tier, nulls));
  put(e, "tool_id", nullable(m.tool?.name, nulls));
  put(e, "tool_version", nullable(m.tool?.version, nulls));
  put(e, "request_id", nullable(m.request_id, nulls));
  put(e, "capabilities", nullable(m.capabilities === undefined ? undefined : [...m.capabilities], nulls));
  return e;
}

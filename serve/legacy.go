package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/envgen/envgen/dialects"
	"github.com/envgen/envgen/generated/go/envelope"
)

// envelopeMembers are the members a canonical envelope may have.
var envelopeMembers = []string{"success", "status", "data", "error", "warnings", "meta", "provenance"}

// Wrap returns the envelope of a legacy tool's output, following the
// compatibility policy of the seed conventions. An envelope is never wrapped
// twice, and a failure stays a failure:
//   - a canonical envelope (see [IsEnvelope]) is returned as it is;
//   - a canonical envelope that writes absent members as null
//     ({"success": true, "data": 1, "error": null}) is returned without them;
//     a null data on success is the payload null ({"success": true, "data":
//     null});
//   - an envelope of one of the five dialects (see [Recognize]) is converted
//     to the canonical envelope, e.g. an mcp.envelope.v0.1 result becomes
//     data, a Foundry {"success": false, ...} a canonical failure; its
//     members only, without the meta.source that dialects.Convert writes
//     for the way back to the dialect;
//   - any other JSON value, object, array, string, number, boolean or null,
//     becomes data unchanged, {"success": true, "data": <output>}; a payload
//     with its own schema_version is kept intact, never renamed or upgraded;
//   - text that is not JSON becomes a JSON string: {"success": true, "data": "<text>"}.
func Wrap(output []byte) envelope.Envelope[json.RawMessage] {
	if env, _, ok := Recognize(output); ok {
		return env
	}
	var data json.RawMessage
	if json.Valid(output) {
		var b bytes.Buffer
		_ = json.Compact(&b, output) // cannot fail: output is valid
		data = b.Bytes()
	} else {
		data, _ = json.Marshal(string(bytes.ToValidUTF8(output, []byte("\uFFFD"))))
	}
	return envelope.Envelope[json.RawMessage]{Success: true, Data: &data}
}

// WrapBytes is [Wrap] for a caller that wants bytes: an envelope comes back
// byte for byte as it was given; anything else is wrapped and serialized.
func WrapBytes(output []byte) []byte {
	if IsEnvelope(output) {
		return output
	}
	b, _ := json.Marshal(Wrap(output)) // cannot fail: plain data
	return b
}

// WrapValue is [Wrap] for a Go value: v is serialized first, so a Go string
// becomes string data and an envelope.Envelope[T] passes through.
func WrapValue(v any) (envelope.Envelope[json.RawMessage], error) {
	b, err := json.Marshal(v)
	if err != nil {
		return envelope.Envelope[json.RawMessage]{}, err
	}
	return Wrap(b), nil
}

// WrapExit wraps the output of a legacy command that exited with exitCode. A
// zero exit code is [Wrap]; any other is an ADAPTER_EXECUTION_FAILED internal
// error whose details carry the exit code, with the output, if any, kept as
// partial data. stderr is never copied into the error: it may hold paths or
// secrets.
func WrapExit(output []byte, exitCode int) envelope.Envelope[json.RawMessage] {
	if exitCode == 0 {
		return Wrap(output)
	}
	env := Failure[json.RawMessage](NewError(envelope.CategoryInternal, "ADAPTER_EXECUTION_FAILED",
		fmt.Sprintf("Tool execution failed with exit code %d.", exitCode), Detail("exit_code", exitCode)))
	if _, _, known := Recognize(output); len(bytes.TrimSpace(output)) > 0 && !known {
		env.Data = Wrap(output).Data
	}
	return env
}

// IsEnvelope reports whether b is a canonical envelope: a JSON object with a
// boolean success, no member but those of envelope.json, none of them null,
// data present on success and error present exactly on failure.
func IsEnvelope(b []byte) bool {
	_, ok := decodeEnvelope(b)
	return ok
}

func decodeEnvelope(b []byte) (envelope.Envelope[json.RawMessage], bool) {
	var env envelope.Envelope[json.RawMessage]
	if firstByte(b) != '{' {
		return env, false
	}
	ms, err := members(b)
	if err != nil {
		return env, false
	}
	for _, m := range ms {
		if !slices.Contains(envelopeMembers, m.key) || string(m.value) == "null" {
			return env, false
		}
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&env); err != nil || dec.More() {
		return env, false
	}
	success, _ := getPath(b, []string{"success"})
	if s := string(success); s != "true" && s != "false" {
		return env, false
	}
	if env.Success != (env.Error == nil) || (env.Success && env.Data == nil) {
		return env, false
	}
	return env, true
}

// Recognize reports whether b is an envelope Wrap knows, and returns it as a
// canonical envelope with the name of the convention it was written in:
// "canonical" for a canonical envelope, null members included (see [Wrap]),
// else the dialect (dialects.Names) whose schema b is valid against and from
// which it converts. The dialects are tried only when b's members say so:
// mcp-envelope for a schema_version, bmcis for _metadata, foundry and
// codegraph for a success, scalpel for an object of scalpel members only with
// data or error.
func Recognize(b []byte) (envelope.Envelope[json.RawMessage], string, bool) {
	if env, ok := decodeEnvelope(b); ok {
		return env, dialects.Canonical, true
	}
	if firstByte(b) != '{' {
		return envelope.Envelope[json.RawMessage]{}, "", false
	}
	ms, err := members(b)
	if err != nil {
		return envelope.Envelope[json.RawMessage]{}, "", false
	}
	if env, ok := decodeNullable(ms); ok {
		return env, dialects.Canonical, true
	}
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = m.key
	}
	for _, d := range candidates(names) {
		r, err := dialects.ConvertWith(d, dialects.Canonical, b, dialects.Options{})
		if err != nil {
			continue
		}
		if env, ok := decodeEnvelope(r.Output); ok {
			// A response is canonical members only: meta.source is for
			// a stored conversion's way back, and would cost tokens on
			// every call for what only the legacy convention has.
			if env.Meta != nil && env.Meta.Source != nil {
				m := *env.Meta
				m.Source = nil
				env.Meta = &m
				if b, _ := json.Marshal(m); string(b) == "{}" {
					env.Meta = nil
				}
			}
			return env, d, true
		}
	}
	return envelope.Envelope[json.RawMessage]{}, "", false
}

// scalpelMembers are the top-level members of a Code Scalpel response.
var scalpelMembers = []string{"tier", "tool_version", "tool_id", "request_id", "capabilities", "duration_ms", "error", "upgrade_hints", "data"}

// candidates returns the dialects an object with the given members may be
// written in, most distinctive first.
func candidates(names []string) []string {
	var out []string
	has := func(n string) bool { return slices.Contains(names, n) }
	if has("schema_version") {
		out = append(out, "mcp-envelope")
	}
	if has("_metadata") {
		out = append(out, "bmcis")
	}
	if has("success") {
		out = append(out, "foundry", "codegraph")
	}
	if (has("data") || has("error")) && !slices.ContainsFunc(names, func(n string) bool { return !slices.Contains(scalpelMembers, n) }) {
		out = append(out, "scalpel")
	}
	return out
}

// decodeNullable decodes a canonical envelope whose absent members are
// written as null: they are dropped, but for a null data on success, which is
// the payload null. error must be present exactly on failure.
func decodeNullable(ms []member) (envelope.Envelope[json.RawMessage], bool) {
	var env envelope.Envelope[json.RawMessage]
	kept := map[string]json.RawMessage{}
	nullData := false
	for _, m := range ms {
		if !slices.Contains(envelopeMembers, m.key) {
			return env, false
		}
		if string(m.value) == "null" {
			nullData = nullData || m.key == "data"
			continue
		}
		kept[m.key] = m.value
	}
	success := string(kept["success"])
	if success != "true" && success != "false" {
		return env, false
	}
	nullPayload := success == "true" && nullData
	if nullPayload {
		kept["data"] = json.RawMessage("0") // decodeEnvelope refuses null; set below
	}
	b, _ := json.Marshal(kept)
	env, ok := decodeEnvelope(b)
	if ok && nullPayload {
		null := json.RawMessage("null")
		env.Data = &null
	}
	return env, ok
}

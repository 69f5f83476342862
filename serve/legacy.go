package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/envgen/envgen/generated/go/envelope"
)

// envelopeMembers are the members a canonical envelope may have.
var envelopeMembers = []string{"success", "status", "data", "error", "warnings", "meta", "provenance"}

// Wrap returns the envelope of a legacy tool's output, following the
// compatibility policy of the seed conventions:
//   - a canonical envelope (see [IsEnvelope]) is returned as it is: an
//     envelope is never wrapped twice;
//   - any other JSON value, object, array, string, number, boolean or null,
//     becomes data unchanged, {"success": true, "data": <output>}; a payload
//     with its own schema_version is kept intact, never renamed or upgraded;
//   - text that is not JSON becomes a JSON string: {"success": true, "data": "<text>"}.
func Wrap(output []byte) envelope.Envelope[json.RawMessage] {
	if env, ok := decodeEnvelope(output); ok {
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
	if len(bytes.TrimSpace(output)) > 0 && !IsEnvelope(output) {
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

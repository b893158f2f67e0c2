package httpapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"zuum/shared/failure"
	"zuum/shared/money"
)

// MaxJSONBody bounds JSON request bodies; only a release (an album's lyrics) needs more, and
// says so with DecodeLimit.
const MaxJSONBody = 64 << 10

// Decode reads a JSON object from r's body into dst, reading at most MaxJSONBody bytes. It
// answers the ways a body can be wrong with errors the client can act on: empty, malformed,
// a field of the wrong type, trailing data, or too large.
func Decode(w http.ResponseWriter, r *http.Request, dst any) error {
	return DecodeLimit(w, r, dst, MaxJSONBody)
}

// DecodeLimit is Decode reading at most limit bytes.
// A body declared as anything but JSON (a form Guard let through for the routes that read forms)
// is 415 MsgNotJSON.
func DecodeLimit(w http.ResponseWriter, r *http.Request, dst any, limit int64) error {
	if ct := r.Header.Get("Content-Type"); ct != "" && !isJSON(ct) {
		return failure.New(failure.Unsupported, MsgNotJSON)
	}
	body := http.MaxBytesReader(w, r.Body, limit)
	dec := json.NewDecoder(body)
	err := dec.Decode(dst)
	if err == nil {
		if dec.More() {
			return failure.New(failure.Invalid, "Request body must hold a single JSON object.")
		}
		return nil
	}
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var tooBig *http.MaxBytesError
	switch {
	case errors.Is(err, io.EOF):
		return failure.New(failure.Invalid, "Request body is required.")
	case errors.As(err, &tooBig):
		return failure.New(failure.TooLarge, "Request body is too large.")
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			return failure.New(failure.Invalid, "Request body must be a JSON object.")
		}
		msg := fmt.Sprintf("%s must be a %s", field, jsonKind(typ.Type.Kind().String()))
		if typ.Type == money.Type {
			msg = money.FieldMessage(field)
		}
		return failure.Fields("Validation errors.", failure.FieldError{Field: field, Msg: msg})
	case errors.As(err, &syntax), errors.Is(err, io.ErrUnexpectedEOF):
		return failure.New(failure.Invalid, "Malformed JSON body.")
	default:
		return failure.New(failure.Invalid, "Malformed JSON body.")
	}
}

func jsonKind(goKind string) string {
	switch {
	case goKind == "string":
		return "string"
	case goKind == "bool":
		return "boolean"
	case strings.HasPrefix(goKind, "int"), strings.HasPrefix(goKind, "uint"), strings.HasPrefix(goKind, "float"):
		return "number"
	case goKind == "slice", goKind == "array":
		return "list"
	default:
		return "object"
	}
}

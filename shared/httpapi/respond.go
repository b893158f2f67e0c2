// Package httpapi is the HTTP edge shared by every route group: bounded JSON decoding, the one
// table that maps domain error codes to status codes, session cookies and the middleware that
// turns a token into a principal. Handlers stay a short read: decode, validate, call the domain,
// map the error, encode.
package httpapi

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"github.com/awslabs/aws-lambda-go-api-proxy/core"

	"zuum/shared/failure"
)

// ServerErrorMessage is the only thing a client learns about a 500.
const ServerErrorMessage = "Server error. Please try again later."

// statusOf is the single mapping from domain error codes to HTTP status codes.
var statusOf = map[failure.Code]int{
	failure.Invalid:       http.StatusBadRequest,
	failure.Unauthorized:  http.StatusUnauthorized,
	failure.Forbidden:     http.StatusForbidden,
	failure.NotFound:      http.StatusNotFound,
	failure.NotAcceptable: http.StatusNotAcceptable,
	failure.Conflict:      http.StatusConflict,
	failure.TooLarge:      http.StatusRequestEntityTooLarge,
	failure.Unsupported:   http.StatusUnsupportedMediaType,
	failure.RateLimited:   http.StatusTooManyRequests,
	failure.Internal:      http.StatusInternalServerError,
}

// ErrorBody is the JSON shape of every error response.
type ErrorBody struct {
	Message string               `json:"message"`
	Errors  []failure.FieldError `json:"errors,omitempty"`
}

// MessageBody is the JSON shape of responses that only say something.
type MessageBody struct {
	Message string `json:"message"`
}

// JSON writes v as JSON with the status.
func JSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(v); err != nil {
		slog.Error("encode response", "err", err)
	}
}

// Message writes {"message": msg} with the status.
func Message(w http.ResponseWriter, status int, msg string) {
	JSON(w, status, MessageBody{Message: msg})
}

// Error writes err as a JSON error. Domain errors keep their message; anything else is logged
// with the request id and answered with a bare 500, so no internal detail reaches the client.
// Inside Idempotent, a key answered meanwhile gets its first answer instead (see Idempotent).
func Error(w http.ResponseWriter, r *http.Request, err error) {
	if answeredMeanwhile(w, r) {
		return
	}
	writeError(w, r, err)
}

// writeError is Error without the look at the key.
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	var fe *failure.Error
	if !errors.As(err, &fe) {
		fe = failure.Wrap(err, ServerErrorMessage)
	}
	status, ok := statusOf[fe.Code]
	if !ok {
		status = http.StatusInternalServerError
	}
	if status == http.StatusInternalServerError {
		slog.ErrorContext(r.Context(), "request failed", "request_id", RequestID(r), "method", r.Method, "path", r.URL.Path, "err", err)
		JSON(w, status, ErrorBody{Message: ServerErrorMessage})
		return
	}
	JSON(w, status, ErrorBody{Message: fe.Message, Errors: fe.Fields})
}

// RequestID is API Gateway's request id, or "" outside a Lambda invocation.
func RequestID(r *http.Request) string {
	if rc, ok := core.GetAPIGatewayV2ContextFromContext(r.Context()); ok {
		return rc.RequestID
	}
	return r.Header.Get("X-Request-Id")
}

// Recover turns a panic in next into a logged 500 instead of a dropped connection.
func Recover(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				slog.ErrorContext(r.Context(), "panic", "request_id", RequestID(r), "path", r.URL.Path, "panic", v)
				JSON(w, http.StatusInternalServerError, ErrorBody{Message: ServerErrorMessage})
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// NotFound answers unknown routes of a group with a JSON 404.
func NotFound(w http.ResponseWriter, r *http.Request) {
	JSON(w, http.StatusNotFound, ErrorBody{Message: "Route not found."})
}

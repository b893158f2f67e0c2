// Package failure holds the error values every Zuum domain returns. A domain says what went
// wrong with a Code and a message meant for the user; the HTTP edge (shared/httpapi) maps the
// Code to a status in exactly one table. Nothing here knows about HTTP or AWS.
package failure

import (
	"errors"
	"fmt"
)

// Code classifies an error.
type Code string

// Error codes.
const (
	Invalid       Code = "invalid"        // the input is wrong
	Unauthorized  Code = "unauthorized"   // no valid session or credentials
	Forbidden     Code = "forbidden"      // a valid principal may not do this
	NotFound      Code = "not_found"      // the thing does not exist
	NotAcceptable Code = "not_acceptable" // the request is well formed but refused by a rule (spec's 406s)
	Conflict      Code = "conflict"       // it would break a uniqueness rule
	TooLarge      Code = "too_large"      // the body is larger than allowed
	Unsupported   Code = "unsupported"    // the body is of a media type the route does not take
	RateLimited   Code = "rate_limited"   // too many attempts, try later
	Internal      Code = "internal"       // the server is broken
)

// FieldError is a message about one input field.
type FieldError struct {
	Field string `json:"field"`
	Msg   string `json:"msg"`
}

// Error is a domain error with a user-facing message.
type Error struct {
	Code    Code
	Message string
	Fields  []FieldError
	// Cause is kept for logs and never shown to the user.
	Cause error
}

func (e *Error) Error() string {
	if e.Cause != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Cause)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

func (e *Error) Unwrap() error { return e.Cause }

// New returns an error with the code and message.
func New(code Code, message string) *Error { return &Error{Code: code, Message: message} }

// Fields returns an Invalid error carrying per-field messages.
func Fields(message string, fields ...FieldError) *Error {
	return &Error{Code: Invalid, Message: message, Fields: fields}
}

// Wrap returns an Internal error that keeps cause for the logs.
func Wrap(cause error, message string) *Error {
	return &Error{Code: Internal, Message: message, Cause: cause}
}

// CodeOf returns the code of err, Internal for anything that is not an *Error.
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return Internal
}

// Is reports whether err carries code.
func Is(err error, code Code) bool { return err != nil && CodeOf(err) == code }

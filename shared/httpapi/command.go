package httpapi

import (
	"context"
	"net/http"
)

// WithBody is the handler of a call that takes a JSON body: it decodes the body into a T
// (answering a bad one as Decode does) and hands it to fn.
func WithBody[T any](fn func(w http.ResponseWriter, r *http.Request, req T)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req T
		if err := Decode(w, r, &req); err != nil {
			Error(w, r, err)
			return
		}
		fn(w, r, req)
	}
}

// Command is the handler of a call that takes a JSON body, runs one flow and answers with a
// message: decode, run, answer the error or success (200).
func Command[T any](run func(r *http.Request, req T) error, success string) http.HandlerFunc {
	return WithBody(func(w http.ResponseWriter, r *http.Request, req T) {
		if err := run(r, req); err != nil {
			Error(w, r, err)
			return
		}
		Message(w, http.StatusOK, success)
	})
}

// Logout is the handler that ends the session a request carries (token reads it from the cookie
// or Bearer) with end and clears its cookie with clear; without a token there is nothing to
// end, and the caller is logged out all the same.
func Logout(token func(*http.Request) string, end func(ctx context.Context, token string) error, clear func(http.ResponseWriter)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if tok := token(r); tok != "" {
			if err := end(r.Context(), tok); err != nil {
				Error(w, r, err)
				return
			}
		}
		clear(w)
		Message(w, http.StatusOK, "Logged out.")
	}
}

package contract_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"

	"zuum/localstack/contract"
)

// recordingT stands for a test: it keeps what the validator reports instead of failing.
type recordingT struct {
	testing.TB
	mu     sync.Mutex
	errors []string
}

func (r *recordingT) Helper() {}

func (r *recordingT) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func load(t *testing.T) *contract.Validator {
	t.Helper()
	v, err := contract.Load("testdata/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// serve mounts h behind the validator as apptest does, sends one request, and returns what the
// validator reported.
func serve(t *testing.T, v *contract.Validator, h http.HandlerFunc, method, path, body string, header map[string]string) []string {
	t.Helper()
	rec := &recordingT{}
	srv := httptest.NewServer(v.Handler(func(*http.Request) testing.TB { return rec }, h))
	defer srv.Close()
	req, _ := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
	for k, val := range header {
		req.Header.Set(k, val)
	}
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return rec.errors
}

func answer(status int, body string) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		if body != "" {
			w.Header().Set("Content-Type", "application/json")
		}
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}
}

var bearer = map[string]string{"Authorization": "Bearer t"}

func TestHandler_ReportsWhatTheDocumentDoesNotSay(t *testing.T) {
	t.Parallel()
	v := load(t)
	for _, c := range []struct {
		name         string
		h            http.HandlerFunc
		method, path string
		body         string
		header       map[string]string
		want         string // in the one error reported; "" for none
	}{
		{"a documented answer passes", answer(200, `{"id":"a","bio":null}`), "GET", "/api/things/a", "", bearer, ""},
		{"an undocumented field", answer(200, `{"id":"a","bio":null,"secret":"x"}`), "GET", "/api/things/a", "", bearer, "additional properties 'secret' not allowed"},
		{"an undocumented status", answer(500, `{"message":"Internal server error"}`), "GET", "/api/things/a", "", bearer, "status 500 is not documented"},
		{"a field of the wrong type", answer(200, `{"id":"a","bio":3}`), "GET", "/api/things/a", "", bearer, "getThing (GET /api/things/a) answered 200"},
		{"an answer that is not JSON", answer(200, ""), "GET", "/api/things/a", "", bearer, "Content-Type"},
		{"a body where the document has none", answer(204, `{"ok":true}`), "POST", "/api/things", `{"name":"ab"}`, map[string]string{"Content-Type": "application/json"}, "gives this status no body"},
		{"an undocumented route answered", answer(200, `{}`), "GET", "/api/other", "", nil, "is not in the document"},
		{"an undocumented method answered", answer(204, ""), "DELETE", "/api/things", "", nil, "is not in the document"},
		{"an unknown route refused with the error shape", answer(404, `{"message":"Not found"}`), "GET", "/api/other", "", nil, ""},
		{"an unknown route refused in another shape", answer(404, `{"error":"nope"}`), "GET", "/api/other", "", nil, "does not match Error"},
		{"bad input refused with a documented 4xx", answer(400, `{"message":"Invalid","errors":[{"field":"name","msg":"Too long"}]}`), "POST", "/api/things", `{"name":"abcdefgh"}`, map[string]string{"Content-Type": "application/json"}, ""},
		{"bad input accepted", answer(204, ""), "POST", "/api/things", `{"name":"abcdefgh"}`, map[string]string{"Content-Type": "application/json"}, "request does not match the document"},
		{"a missing credential refused with a documented 401", answer(401, `{"message":"Unauthorized"}`), "GET", "/api/things/a", "", nil, ""},
		{"an undeclared query parameter", answer(200, `{"id":"a","bio":null}`), "GET", "/api/things/a?expand=all", "", bearer, "query parameters not in the document: expand"},
		{"an undeclared query parameter with bad input", answer(204, ""), "POST", "/api/things?dry=1", `{"name":"abcdefgh"}`, map[string]string{"Content-Type": "application/json"}, "maxLength: got 8, want 5 | query parameters not in the document: dry"},
		{"a missing credential answered 200", answer(200, `{"id":"a","bio":null}`), "GET", "/api/things/a", "", nil, "no zuum_session cookie | authorization failed: no Authorization: bearer"},
	} {
		t.Run(c.name, func(t *testing.T) {
			errs := serve(t, v, c.h, c.method, c.path, c.body, c.header)
			switch {
			case c.want == "" && len(errs) > 0:
				t.Errorf("reported %q", errs)
			case c.want != "" && (len(errs) != 1 || !strings.Contains(errs[0], c.want)):
				t.Errorf("reported %q, want one error with %q", errs, c.want)
			}
		})
	}
	if req, res := v.Counts(); req != 16 || res != 16 {
		t.Errorf("counted %d requests and %d responses, want 16 each", req, res)
	}
}

func TestLoad_RefusesADocumentWhoseExampleBreaksItsSchema(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	doc := `openapi: 3.1.0
info: {title: t, version: "1"}
paths:
  /a:
    get:
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {type: object, additionalProperties: false, properties: {message: {type: string}}}
              examples:
                wrong: {value: {msg: "Not found"}}
`
	path := dir + "/openapi.yaml"
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := contract.Load(path); err == nil || !strings.Contains(err.Error(), "example") {
		t.Fatalf("loaded a document whose example breaks its schema: %v", err)
	}
}

// The module's own document, through the same middleware: a handler at a documented path that
// adds a field, or answers a status, the document does not have is reported.
func TestDefault_TheAPIDocumentCatchesAnUndocumentedFieldOrStatus(t *testing.T) {
	t.Parallel()
	v := contract.Default(t)
	for _, c := range []struct {
		name string
		h    http.HandlerFunc
		want string
	}{
		{"as documented", answer(200, `{"status":"ok"}`), ""},
		{"an undocumented field", answer(200, `{"status":"ok","uptime":12}`), "additional properties 'uptime' not allowed"},
		{"an undocumented status", answer(418, `{"message":"I'm a teapot"}`), "status 418 is not documented"},
	} {
		t.Run(c.name, func(t *testing.T) {
			errs := serve(t, v, c.h, "GET", "/api/health", "", nil)
			switch {
			case c.want == "" && len(errs) > 0:
				t.Errorf("reported %q", errs)
			case c.want != "" && (len(errs) != 1 || !strings.Contains(errs[0], c.want)):
				t.Errorf("reported %q, want one error with %q", errs, c.want)
			}
		})
	}
}

// Package contract checks HTTP exchanges against the API's OpenAPI document
// (functions/openapi.yaml) with kin-openapi's openapi3filter, so that a test fails when the
// server and the document disagree: an undocumented route, method, status, field or content
// type. apptest runs every request of the group tests through it. Only tests import it.
package contract

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"zuum/shared/httpapi"
)

// DocumentPath is the document's place, relative to the module root.
const DocumentPath = "functions/openapi.yaml"

// ErrorSchema names the component that describes the API's error body; answers of 404 or 405 to
// routes the document does not hold (tests of unknown routes) must match it.
const ErrorSchema = "Error"

// The API answers redirects with Go's little HTML page (a link to the Location); the document
// may describe it as text/html, which openapi3filter has no decoder for: read it as text.
func init() {
	openapi3filter.RegisterBodyDecoder("text/html", openapi3filter.PlainBodyDecoder)
	openapi3filter.RegisterBodyDecoder("application/pdf", openapi3filter.FileBodyDecoder) // a licence
}

// Validator checks exchanges against one document and counts them.
type Validator struct {
	name   string
	doc    *openapi3.T
	router routers.Router
	opts   *openapi3filter.Options

	requests, responses atomic.Int64
	exercised           sync.Map // operation name → true, for the operations a test reached
}

// Load reads, resolves and validates the document at path (its examples included), and builds
// the router that finds each request's operation.
func Load(path string) (*Validator, error) {
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromFile(path)
	if err != nil {
		return nil, fmt.Errorf("contract: load %s: %w", path, err)
	}
	if err := doc.Validate(loader.Context); err != nil {
		return nil, fmt.Errorf("contract: %s is not a valid document: %w", path, err)
	}
	// Tests call the API at a loopback address; the document's servers name the deployed ones.
	doc.Servers = nil
	for _, item := range doc.Paths.Map() {
		item.Servers = nil
	}
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		return nil, fmt.Errorf("contract: route %s: %w", path, err)
	}
	opts := &openapi3filter.Options{
		IncludeResponseStatus:             true,
		MultiError:                        true,
		RejectWhenRequestBodyNotSpecified: true,
		AuthenticationFunc:                credentialPresent,
		SchemaValidationOptions: []openapi3.SchemaValidationOption{
			openapi3.WithStringFormatValidators(map[string]openapi3.StringFormatValidator{
				"uuid":  openapi3.NewRegexpFormatValidator(openapi3.FormatOfStringForUUIDOfRFC9562),
				"email": openapi3.NewRegexpFormatValidator(openapi3.FormatOfStringForEmail),
			}),
		},
	}
	opts.WithCustomSchemaErrorFunc(func(e *openapi3.SchemaError) string {
		return fmt.Sprintf("at /%s: %s", strings.Join(e.JSONPointer(), "/"), e.Reason)
	})
	return &Validator{name: filepath.Base(path), doc: doc, router: router, opts: opts}, nil
}

// credentialPresent passes a security requirement when the request carries its credential: the
// named cookie, or an Authorization header of the scheme. Whether the credential is good is the
// server's to say, and the status it answers is checked against the document.
func credentialPresent(_ context.Context, in *openapi3filter.AuthenticationInput) error {
	r, s := in.RequestValidationInput.Request, in.SecurityScheme
	switch {
	case s.Type == "apiKey" && s.In == "cookie":
		if _, err := r.Cookie(s.Name); err != nil {
			return in.NewError(fmt.Errorf("no %s cookie", s.Name))
		}
	case s.Type == "apiKey" && s.In == "header":
		if r.Header.Get(s.Name) == "" {
			return in.NewError(fmt.Errorf("no %s header", s.Name))
		}
	case s.Type == "http":
		scheme, _, _ := strings.Cut(r.Header.Get("Authorization"), " ")
		if !strings.EqualFold(scheme, s.Scheme) {
			return in.NewError(fmt.Errorf("no Authorization: %s", s.Scheme))
		}
	default:
		return in.NewError(fmt.Errorf("security scheme of type %q is not checked by the tests", s.Type))
	}
	return nil
}

// Exchange is one request as the server received it and the answer it gave.
type Exchange struct {
	Request     *http.Request // its Body is ignored: RequestBody holds the bytes
	RequestBody []byte
	Status      int
	Header      http.Header
	Body        []byte
}

// Counts returns how many requests and responses this validator has checked.
func (v *Validator) Counts() (requests, responses int64) {
	return v.requests.Load(), v.responses.Load()
}

// Document is the loaded document (its servers dropped).
func (v *Validator) Document() *openapi3.T { return v.doc }

// Exercised lists the operations that exchanges reached, sorted.
func (v *Validator) Exercised() []string {
	var ops []string
	v.exercised.Range(func(k, _ any) bool { ops = append(ops, k.(string)); return true })
	slices.Sort(ops)
	return ops
}

// Summary is the line that reports the counts.
func (v *Validator) Summary() string {
	req, res := v.Counts()
	return fmt.Sprintf("contract: %d requests and %d responses validated against %s", req, res, DocumentPath)
}

// Check validates x and reports each disagreement with t.Errorf, naming the operation, the
// status and the validator's message.
func (v *Validator) Check(t testing.TB, x Exchange) {
	t.Helper()
	for _, err := range v.Problems(x) {
		t.Errorf("%v", err)
	}
}

// Problems validates x and returns what disagrees with the document, nil when nothing does.
func (v *Validator) Problems(x Exchange) []error {
	v.requests.Add(1)
	v.responses.Add(1)
	req := x.Request.Clone(context.Background())
	req.Body = io.NopCloser(bytes.NewReader(x.RequestBody))
	req.ContentLength = int64(len(x.RequestBody))
	route, params, err := v.router.FindRoute(req)
	if err != nil {
		return v.undocumentedRoute(x, err)
	}
	op := operationName(route)
	v.exercised.Store(op, true)
	fail := func(format string, args ...any) error {
		return fmt.Errorf("contract: %s (%s %s) answered %d: %s", op, x.Request.Method, x.Request.URL.Path, x.Status, fmt.Sprintf(format, args...))
	}
	var problems []error
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route, Options: v.opts}
	reqErr := openapi3filter.ValidateRequest(context.Background(), in)
	if unknown := undeclaredQuery(route, req); len(unknown) > 0 {
		reqErr = errors.Join(reqErr, fmt.Errorf("query parameters not in the document: %s", strings.Join(unknown, ", ")))
	}

	documented := route.Operation.Responses.Status(x.Status)
	if documented == nil {
		problems = append(problems, fail("status %d is not documented for the operation (documented: %s); body %s",
			x.Status, strings.Join(statuses(route), ", "), clip(x.Body)))
	} else {
		problems = append(problems, v.checkResponse(in, documented.Value, x, fail)...)
	}
	// A request that breaks the document is a test of bad input: it passes only when the server
	// refused it with a status the document gives the operation. Anything else (a 2xx, a 5xx,
	// or an undocumented 4xx) means the document or the server is wrong about that input.
	if reqErr != nil && (x.Status < 400 || x.Status > 499 || documented == nil) {
		problems = append(problems, fail("the request does not match the document and the answer is not a documented 4xx: %s", message(reqErr)))
	}
	return problems
}

// checkResponse validates the answer against the documented response.
func (v *Validator) checkResponse(in *openapi3filter.RequestValidationInput, doc *openapi3.Response, x Exchange, fail func(string, ...any) error) []error {
	if len(doc.Content) == 0 {
		// A redirect's body (Go's http.Redirect writes a link) is for people, not clients.
		if len(x.Body) > 0 && (x.Status < 300 || x.Status > 399) {
			return []error{fail("the document gives this status no body, the server sent %q: %s", x.Header.Get("Content-Type"), clip(x.Body))}
		}
		// The remaining checks (headers) still apply.
	}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: x.Status, Header: x.Header, Options: v.opts}
	out.SetBodyBytes(x.Body)
	if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
		return []error{fail("%s; body %s", message(err), clip(x.Body))}
	}
	return nil
}

// undocumentedRoute accepts a request the document does not route only when the server refused
// it the way it refuses unknown routes: 404 or 405 with the error body, or 400 for a path or query
// string no route can have (httpapi.Guard: a control character or a bare % in the path, a query
// that does not parse).
func (v *Validator) undocumentedRoute(x Exchange, routeErr error) []error {
	what := fmt.Sprintf("contract: %s %s is not in the document (%v)", x.Request.Method, x.Request.URL.Path, routeErr)
	_, queryErr := url.ParseQuery(x.Request.URL.RawQuery)
	malformed := !httpapi.ValidPath(x.Request.URL.Path) || queryErr != nil
	if x.Status != http.StatusNotFound && x.Status != http.StatusMethodNotAllowed && (x.Status != http.StatusBadRequest || !malformed) {
		return []error{fmt.Errorf("%s, and the server answered %d: %s", what, x.Status, clip(x.Body))}
	}
	schema := v.doc.Components.Schemas[ErrorSchema]
	if schema == nil {
		return []error{fmt.Errorf("%s; the document has no components/schemas/%s to check the %d against", what, ErrorSchema, x.Status)}
	}
	var body any
	if err := json.Unmarshal(x.Body, &body); err != nil {
		return []error{fmt.Errorf("%s; its %d is not JSON: %s", what, x.Status, clip(x.Body))}
	}
	if err := schema.Value.VisitJSON(body, openapi3.EnableJSONSchema2020(), openapi3.VisitAsResponse()); err != nil {
		return []error{fmt.Errorf("%s; its %d does not match %s: %s", what, x.Status, ErrorSchema, message(err))}
	}
	return nil
}

// undeclaredQuery lists the query parameters req sends that the operation does not declare
// (openapi3filter checks only the declared ones).
func undeclaredQuery(r *routers.Route, req *http.Request) []string {
	declared := map[string]bool{}
	for _, params := range []openapi3.Parameters{r.PathItem.Parameters, r.Operation.Parameters} {
		for _, p := range params {
			if p.Value != nil && p.Value.In == openapi3.ParameterInQuery {
				declared[p.Value.Name] = true
			}
		}
	}
	var unknown []string
	for name := range req.URL.Query() {
		if !declared[name] {
			unknown = append(unknown, name)
		}
	}
	slices.Sort(unknown)
	return unknown
}

func operationName(r *routers.Route) string {
	if r.Operation.OperationID != "" {
		return r.Operation.OperationID
	}
	return r.Method + " " + r.Path
}

func statuses(r *routers.Route) []string {
	var out []string
	for code := range r.Operation.Responses.Map() {
		out = append(out, code)
	}
	if len(out) == 0 {
		return []string{"none"}
	}
	slices.Sort(out)
	return out
}

// lineBreaks puts the validator's multi-line messages on one line.
var lineBreaks = regexp.MustCompile(`\s*\n\s*`)

func message(err error) string {
	var list []error
	switch e := err.(type) {
	case openapi3.MultiError:
		list = e
	case interface{ Unwrap() []error }: // errors.Join
		list = e.Unwrap()
	}
	if list != nil {
		parts := make([]string, len(list))
		for i, e := range list {
			parts[i] = message(e)
		}
		return strings.Join(parts, " | ")
	}
	return lineBreaks.ReplaceAllString(strings.TrimSpace(err.Error()), " ")
}

func clip(b []byte) string {
	const max = 400
	if len(b) > max {
		return fmt.Sprintf("%s… (%d bytes)", b[:max], len(b))
	}
	return string(b)
}

var (
	once     sync.Once
	loaded   *Validator
	loadErr  error
	rootOnce sync.Once
	root     string
)

// Default is the validator of the module's own document, loaded once per test process. It fails
// t when the document cannot be loaded.
func Default(t testing.TB) *Validator {
	t.Helper()
	once.Do(func() {
		// Read while a test runs, where go test's cache records it (Main's read before m.Run is
		// not recorded): a run with another tally file then runs again instead of answering from
		// the cache with nothing tallied.
		_ = os.Getenv(TallyVariable)
		dir, err := ModuleRoot()
		if err != nil {
			loadErr = err
			return
		}
		loaded, loadErr = Load(filepath.Join(dir, DocumentPath))
	})
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	return loaded
}

// TallyVariable names an environment variable: when it holds a file's path, Main appends each
// package's summary line there, so one run of many packages can be added up (go test shows a
// passing package's output only with -v), and the operations its tests reached to the same path
// with ".operations" added, one a line.
const TallyVariable = "CONTRACT_TALLY"

// Main runs a package's tests and then prints the counts of the default validator, if the
// tests used it: `func TestMain(m *testing.M) { contract.Main(m) }`.
func Main(m *testing.M) {
	path := os.Getenv(TallyVariable)
	code := m.Run()
	if loaded != nil {
		line := loaded.Summary()
		fmt.Println(line)
		if path != "" {
			err := appendLine(path, line)
			if err == nil && len(loaded.Exercised()) > 0 {
				err = appendLine(path+".operations", strings.Join(loaded.Exercised(), "\n"))
			}
			if err != nil {
				fmt.Fprintf(os.Stderr, "contract: %s: %v\n", TallyVariable, err)
				code = 1
			}
		}
	}
	os.Exit(code)
}

func appendLine(path, line string) error {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintln(f, line); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// ModuleRoot is the nearest directory above the working directory holding go.mod.
func ModuleRoot() (string, error) {
	rootOnce.Do(func() {
		dir, _ := os.Getwd()
		for {
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
				root = dir
				return
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				return
			}
			dir = parent
		}
	})
	if root == "" {
		return "", errors.New("contract: no go.mod above the working directory")
	}
	return root, nil
}

package contract_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"zuum/localstack/contract"
)

// Every route a doc names (`GET /api/...`, in any Markdown file of the repository) is one the
// contract has, with that method: a doc cannot send a reader to a route that is gone, renamed or
// never built.
func TestDocs_NameOnlyDocumentedRoutes(t *testing.T) {
	t.Parallel()
	doc := contract.Default(t).Document()
	root, err := contract.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	files, err := markdownFiles(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 3 {
		t.Fatalf("found %d Markdown files under %s, want the READMEs at least", len(files), root)
	}
	named := 0
	for _, file := range files {
		text, err := os.ReadFile(filepath.Join(root, file))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range docRoutes(string(text)) {
			named++
			if !documented(doc, r) {
				t.Errorf("%s:%d names %s %s, which functions/openapi.yaml does not have", file, r.line, r.method, r.path)
			}
		}
	}
	if named == 0 {
		t.Error("no doc names a route: the scan reads nothing")
	}
	t.Logf("%d Markdown files name %d routes", len(files), named)
}

// The check fails on a route nobody built, and passes the ways docs write real ones: path
// parameters by name or by example, a query string, several kinds at once, a placeholder segment.
func TestDocRoutes_FindsARouteTheContractLacks(t *testing.T) {
	t.Parallel()
	doc := contract.Default(t).Document()
	text := "Read `GET /api/user/profile/{id}` or GET /api/user/profile/1f0c9a.\n" +
		"`GET /api/wallet/statement?from=2026-01-01&to=2026-01-31` is CSV;\n" +
		"`DELETE /api/{audio,video,beat}/{id}` and `POST /api/<kind>/{id}/play`.\n" +
		"Then `GET /api/payment/nothing-here` and `PATCH /api/user/profile`.\n"
	var missing []string
	for _, r := range docRoutes(text) {
		if !documented(doc, r) {
			missing = append(missing, r.method+" "+r.path)
		}
	}
	want := []string{"GET /api/payment/nothing-here", "PATCH /api/user/profile"}
	if !slices.Equal(missing, want) {
		t.Errorf("undocumented routes %q, want %q", missing, want)
	}
	if got := len(docRoutes(text)); got != 9 {
		t.Errorf("read %d routes, want 9 (the brace names three)", got)
	}
}

type docRoute struct {
	method, path string
	line         int
}

// A route as prose writes it: a method, a space, and a path under /api up to the first character
// that cannot be in one (space, backquote, closing bracket, comma outside braces, quote).
var routeMention = regexp.MustCompile(`\b(GET|POST|PUT|PATCH|DELETE) +(/api(?:/(?:\{[^}\s]*\}|[^\s` + "`" + `)\]{},;"'*|])*)*)`)

// docRoutes lists the routes text names, a brace of names ({audio,video,beat}) expanded.
func docRoutes(text string) []docRoute {
	var out []docRoute
	for i, line := range strings.Split(text, "\n") {
		for _, m := range routeMention.FindAllStringSubmatch(line, -1) {
			path, _, _ := strings.Cut(m[2], "?")
			path = strings.TrimRight(path, ".:")
			for _, p := range expandBraces(path) {
				out = append(out, docRoute{method: m[1], path: p, line: i + 1})
			}
		}
	}
	return out
}

var alternatives = regexp.MustCompile(`\{[^{}]*,[^{}]*\}`)

func expandBraces(path string) []string {
	loc := alternatives.FindStringIndex(path)
	if loc == nil {
		return []string{path}
	}
	var out []string
	for _, alt := range strings.Split(path[loc[0]+1:loc[1]-1], ",") {
		out = append(out, expandBraces(path[:loc[0]]+alt+path[loc[1]:])...)
	}
	return out
}

// documented says whether the contract has r: a segment in braces on either side, or in angle
// brackets in the doc, stands for any one segment.
func documented(doc *openapi3.T, r docRoute) bool {
	want := strings.Split(r.path, "/")
	for path, item := range doc.Paths.Map() {
		if item.GetOperation(r.method) == nil {
			continue
		}
		have := strings.Split(path, "/")
		if len(have) != len(want) {
			continue
		}
		same := true
		for i := range have {
			if have[i] != want[i] && !placeholder(have[i]) && !placeholder(want[i]) {
				same = false
				break
			}
		}
		if same {
			return true
		}
	}
	return false
}

func placeholder(segment string) bool {
	return len(segment) > 2 && (segment[0] == '{' && segment[len(segment)-1] == '}' ||
		segment[0] == '<' && segment[len(segment)-1] == '>')
}

// markdownFiles lists the repository's Markdown files, relative to root, leaving out installed
// packages, build output and hidden folders (git's, the local cloud's data).
func markdownFiles(root string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "dist" || name == "build" || name == "cdk.out") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(name, ".md") {
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	return files, err
}

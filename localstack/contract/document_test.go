package contract_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"zuum/localstack/contract"
)

// An answer can carry an undocumented field only where the document leaves an object open: every
// object the API answers with names its fields and closes itself (additionalProperties: false, or
// unevaluatedProperties: false around an allOf/oneOf), or is a map (additionalProperties: a schema),
// or says it is open on purpose (additionalProperties: true, as the served OpenAPI document is).
func TestDocument_EveryObjectItAnswersIsClosed(t *testing.T) {
	t.Parallel()
	for _, o := range openAnswers(contract.Default(t).Document()) {
		t.Errorf("an open object in an answer: %s", o)
	}
}

func TestOpenAnswers_FindsAnObjectLeftOpen(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	doc := `openapi: 3.1.0
info: {title: t, version: "1"}
components:
  schemas:
    Closed: {type: object, additionalProperties: false, properties: {a: {type: string}}}
paths:
  /a:
    get:
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                type: object
                additionalProperties: false
                properties:
                  inner: {type: object, properties: {b: {type: string}}}
                  counts: {type: object, additionalProperties: {type: integer}}
                  anything: {type: object, additionalProperties: true, properties: {d: {type: string}}}
                  merged:
                    allOf: [{$ref: '#/components/schemas/Closed'}, {properties: {c: {type: string}}}]
                    unevaluatedProperties: false
`
	if err := os.WriteFile(filepath.Join(dir, "openapi.yaml"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	v, err := contract.Load(filepath.Join(dir, "openapi.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if got := openAnswers(v.Document()); !slices.Equal(got, []string{"GET /a 200 application/json.inner"}) {
		t.Errorf("open objects %q, want only .inner", got)
	}
}

// openAnswers lists the objects in the document's answers that allow fields they do not name.
func openAnswers(doc *openapi3.T) []string {
	var open []string
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			for status, res := range op.Responses.Map() {
				if res.Value == nil {
					continue
				}
				for mediaType, content := range res.Value.Content {
					at := fmt.Sprintf("%s %s %s %s", method, path, status, mediaType)
					openObjects(content.Schema, at, false, map[*openapi3.Schema]bool{}, &open)
				}
			}
		}
	}
	slices.Sort(open)
	return slices.Compact(open)
}

func closes(b openapi3.BoolSchema) bool { return b.Has != nil && !*b.Has }

func openObjects(s *openapi3.SchemaRef, at string, closedAround bool, seen map[*openapi3.Schema]bool, out *[]string) {
	if s == nil || s.Value == nil || seen[s.Value] {
		return
	}
	v := s.Value
	seen[v] = true
	if s.Ref != "" {
		at = s.Ref
	}
	isObject := len(v.Properties) > 0 || (v.Type != nil && v.Type.Includes(openapi3.TypeObject))
	isMap := v.AdditionalProperties.Schema != nil
	openOnPurpose := v.AdditionalProperties.Has != nil && *v.AdditionalProperties.Has
	if isObject && !isMap && !openOnPurpose && !closedAround && !closes(v.AdditionalProperties) && !closes(v.UnevaluatedProperties) {
		*out = append(*out, at)
	}
	for name, p := range v.Properties {
		openObjects(p, at+"."+name, false, seen, out)
	}
	openObjects(v.Items, at+"[]", false, seen, out)
	openObjects(v.AdditionalProperties.Schema, at+"{}", false, seen, out)
	around := closes(v.UnevaluatedProperties)
	for _, parts := range []openapi3.SchemaRefs{v.AllOf, v.OneOf, v.AnyOf} {
		for _, p := range parts {
			openObjects(p, at, around, seen, out)
		}
	}
}

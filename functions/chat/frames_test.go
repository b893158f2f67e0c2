package chat_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v4"
)

// documentURL names functions/asyncapi.yaml inside the schema compiler.
const documentURL = "file:///functions/asyncapi.json"

// frameSchemas compiles the payload of every server message of functions/asyncapi.yaml, by
// event name, so every frame the tests receive is checked against the document (see tab.read).
var frameSchemas = sync.OnceValues(func() (map[string]*jsonschema.Schema, error) {
	raw, err := os.ReadFile("../asyncapi.yaml")
	if err != nil {
		return nil, err
	}
	var doc any
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		return nil, err
	}
	asJSON, err := json.Marshal(doc)
	if err != nil {
		return nil, err
	}
	parsed, err := jsonschema.UnmarshalJSON(bytes.NewReader(asJSON))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft7)
	if err := c.AddResource(documentURL, parsed); err != nil {
		return nil, err
	}
	messages, _ := doc.(map[string]any)["components"].(map[string]any)["messages"].(map[string]any)
	out := map[string]*jsonschema.Schema{}
	for name, m := range messages {
		payload, _ := m.(map[string]any)["payload"].(map[string]any)
		props, _ := payload["properties"].(map[string]any)
		if _, server := props["event"]; !server {
			continue // a client frame
		}
		s, err := c.Compile(documentURL + "#/components/messages/" + name + "/payload")
		if err != nil {
			return nil, fmt.Errorf("message %s: %w", name, err)
		}
		out[name] = s
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no server messages in the document")
	}
	return out, nil
})

// checkFrame reports how a received frame disagrees with the document, or "".
func checkFrame(event string, raw []byte) string {
	schemas, err := frameSchemas()
	if err != nil {
		return "read functions/asyncapi.yaml: " + err.Error()
	}
	s, ok := schemas[event]
	if !ok {
		return fmt.Sprintf("event %q is not in functions/asyncapi.yaml: %s", event, raw)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return fmt.Sprintf("frame is not JSON: %s", raw)
	}
	if err := s.Validate(v); err != nil {
		return fmt.Sprintf("frame %s does not match functions/asyncapi.yaml: %v", raw, err)
	}
	return ""
}

package edge

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
)

// dynamoSnapshot is dynamodb.json: every table's definition and items in DynamoDB JSON. minidyn
// keeps nothing on disk, so this file is the tables' only durable form.
type dynamoSnapshot struct {
	Tables []tableSnapshot `json:"tables"`
}

type tableSnapshot struct {
	tableDef
	Items []json.RawMessage `json:"items"`
}

// scanPage is how many items each snapshot Scan asks for.
const scanPage = 1000

// SaveTablesTo writes a snapshot of every DynamoDB table into dir, as Save does into DataDir: an
// Edge started with DataDir dir begins with those tables. It works on a memory-only Edge too,
// so tests can check that what their traffic left can be saved and restored.
func (e *Edge) SaveTablesTo(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("edge: create snapshot dir: %w", err)
	}
	return e.saveDynamo(filepath.Join(dir, dynamoFile))
}

// saveDynamo scans every table through the DynamoDB handler and writes the snapshot to path.
func (e *Edge) saveDynamo(path string) error {
	defs, err := e.dynamo.definitions()
	if err != nil {
		return err
	}
	snap := dynamoSnapshot{Tables: []tableSnapshot{}}
	for _, def := range defs {
		items, err := e.dynamo.scanAll(deref(def.Definition.TableName))
		var gone *awsError
		if errors.As(err, &gone) && gone.Type == "ResourceNotFoundException" {
			continue // deleted since the definitions were copied; the next save has it right
		}
		if err != nil {
			return err
		}
		snap.Tables = append(snap.Tables, tableSnapshot{tableDef: def, Items: items})
	}
	return writeJSONFile(path, snap)
}

// definitions deep-copies the recorded table definitions, in name order.
func (d *dynamo) definitions() ([]tableDef, error) {
	d.mu.RLock()
	data, err := json.Marshal(d.tables)
	d.mu.RUnlock()
	if err != nil {
		return nil, fmt.Errorf("edge: copy table definitions: %w", err)
	}
	var byName map[string]tableDef
	if err := json.Unmarshal(data, &byName); err != nil {
		return nil, fmt.Errorf("edge: copy table definitions: %w", err)
	}
	defs := make([]tableDef, 0, len(byName))
	for _, name := range sortedKeys(byName) {
		defs = append(defs, byName[name])
	}
	return defs, nil
}

// scanAll reads a whole table with a paginated Scan.
func (d *dynamo) scanAll(table string) ([]json.RawMessage, error) {
	items := []json.RawMessage{}
	var start json.RawMessage
	for {
		in := map[string]any{"TableName": table, "Limit": scanPage}
		if start != nil {
			in["ExclusiveStartKey"] = start
		}
		var out struct {
			Items            []json.RawMessage
			LastEvaluatedKey json.RawMessage
		}
		if err := d.call("Scan", in, &out); err != nil {
			return nil, err
		}
		items = append(items, out.Items...)
		if len(out.LastEvaluatedKey) == 0 || string(out.LastEvaluatedKey) == "null" {
			return items, nil
		}
		start = out.LastEvaluatedKey
	}
}

// restoreDynamo replays dynamodb.json: CreateTable for each definition, then its items.
func (e *Edge) restoreDynamo() error {
	var snap dynamoSnapshot
	if _, err := readJSONFile(e.path(dynamoFile), &snap); err != nil {
		return err
	}
	for _, t := range snap.Tables {
		name := deref(t.Definition.TableName)
		if err := e.dynamo.call("CreateTable", t.Definition, nil); err != nil {
			return fmt.Errorf("edge: restore table %s: %w", name, err)
		}
		e.dynamo.restoreTTL(name, t.TTL)
		if err := e.dynamo.putAll(name, t.Items); err != nil {
			return fmt.Errorf("edge: restore table %s: %w", name, err)
		}
	}
	return nil
}

// restoreTTL puts back a table's saved TTL setting.
func (d *dynamo) restoreTTL(table string, spec *ttlSpec) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if def := d.tables[table]; def != nil {
		def.TTL = spec
	}
}

// batchWriteLimit is DynamoDB's (and minidyn's) BatchWriteItem maximum.
const batchWriteLimit = 25

// putAll writes items back with BatchWriteItem.
func (d *dynamo) putAll(table string, items []json.RawMessage) error {
	for len(items) > 0 {
		n := min(len(items), batchWriteLimit)
		reqs := make([]map[string]any, n)
		for i, item := range items[:n] {
			reqs[i] = map[string]any{"PutRequest": map[string]json.RawMessage{"Item": item}}
		}
		var out struct{ UnprocessedItems map[string][]json.RawMessage }
		if err := d.call("BatchWriteItem", map[string]any{"RequestItems": map[string]any{table: reqs}}, &out); err != nil {
			return err
		}
		if len(out.UnprocessedItems) > 0 {
			return fmt.Errorf("edge: %d items left unprocessed", len(out.UnprocessedItems[table]))
		}
		items = items[n:]
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

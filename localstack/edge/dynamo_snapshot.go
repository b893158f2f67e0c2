package edge

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/truora/minidyn/server"
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

// saveDynamo writes a snapshot of every table to path.
func (e *Edge) saveDynamo(path string) error {
	snap, err := e.dynamo.snapshot()
	if err != nil {
		return err
	}
	return writeJSONFile(path, snap)
}

// snapshot copies every table's definition and items under one read lock, so that it is one
// moment of the store: no write (a transaction across two tables, say) lands between the
// tables or the pages it reads. Writes wait for it; reads do not.
func (d *dynamo) snapshot() (dynamoSnapshot, error) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	snap := dynamoSnapshot{Tables: []tableSnapshot{}}
	for _, name := range sortedKeys(d.tables) {
		def, err := copyDef(d.tables[name])
		if err != nil {
			return snap, err
		}
		items, err := d.scanAll(name)
		if err != nil {
			return snap, fmt.Errorf("edge: snapshot of table %s: %w", name, err)
		}
		snap.Tables = append(snap.Tables, tableSnapshot{tableDef: def, Items: items})
	}
	return snap, nil
}

// copyDef deep-copies a table definition, which later table updates change in place.
func copyDef(def *tableDef) (tableDef, error) {
	var out tableDef
	data, err := json.Marshal(def)
	if err == nil {
		err = json.Unmarshal(data, &out)
	}
	if err != nil {
		return out, fmt.Errorf("edge: copy table definition: %w", err)
	}
	return out, nil
}

// scanAll reads a whole table in DynamoDB JSON with a paginated Scan. The caller holds d.mu.
func (d *dynamo) scanAll(table string) ([]json.RawMessage, error) {
	items := []json.RawMessage{}
	in := &server.ScanInput{TableName: &table, Limit: aws.Int32(scanPage)}
	for {
		out, err := d.client.Scan(context.Background(), in)
		if err != nil {
			return nil, err
		}
		for _, it := range out.Items {
			raw, err := json.Marshal(toWire(reflect.ValueOf(it)))
			if err != nil {
				return nil, err
			}
			items = append(items, raw)
		}
		if len(out.LastEvaluatedKey) == 0 {
			return items, nil
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
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

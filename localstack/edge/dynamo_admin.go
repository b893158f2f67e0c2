package edge

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sort"

	ddbtypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/truora/minidyn/server"
)

// accountID is LocalStack's default account, used in ARNs.
const accountID = "000000000000"

// serveAdmin runs a table operation alone (minidyn keeps its table map unlocked), records the
// definition it leaves behind, and completes the description minidyn returns.
func (d *dynamo) serveAdmin(ctx context.Context, w http.ResponseWriter, op string, body []byte, region string) {
	d.mu.Lock()
	out, err := adminOps[op](ctx, d.client, body)
	var answer []byte
	if err == nil {
		answer, err = d.recordAndDescribe(op, body, out, region)
	}
	d.mu.Unlock()
	if err != nil {
		writeDynamoError(w, err)
		return
	}
	if op != "DescribeTable" {
		d.changed()
	}
	w.Header().Set("Content-Type", contentJSON10)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(answer)
}

// recordAndDescribe records the operation's effect and amends minidyn's answer. The caller
// holds d.mu exclusively, as both read the definition an UpdateTable may be changing.
func (d *dynamo) recordAndDescribe(op string, body []byte, out any, region string) ([]byte, error) {
	answer, err := json.Marshal(out)
	if err != nil {
		return nil, fmt.Errorf("edge: encode %s: %w", op, err)
	}
	def, err := d.record(op, body)
	if err != nil {
		return nil, fmt.Errorf("edge: record %s: %w", op, err)
	}
	return amendDescription(answer, op, def, region)
}

// record updates the remembered definitions after a successful table operation and returns the
// table's definition. The caller holds d.mu exclusively.
func (d *dynamo) record(op string, body []byte) (*tableDef, error) {
	var named struct{ TableName string }
	if err := json.Unmarshal(body, &named); err != nil {
		return nil, err
	}
	def := d.tables[named.TableName]
	switch op {
	case "CreateTable":
		def = &tableDef{}
		if err := json.Unmarshal(body, &def.Definition); err != nil {
			return nil, err
		}
		d.tables[named.TableName] = def
	case "UpdateTable":
		var update server.UpdateTableInput
		if err := json.Unmarshal(body, &update); err != nil {
			return nil, err
		}
		if def != nil {
			def.apply(update)
		}
	case "DeleteTable":
		delete(d.tables, named.TableName)
	}
	return def, nil
}

// apply folds an UpdateTable into the definition so a restore creates the table as it is now.
func (t *tableDef) apply(u server.UpdateTableInput) {
	for _, a := range u.AttributeDefinitions {
		if !slices.ContainsFunc(t.Definition.AttributeDefinitions, func(b ddbtypes.AttributeDefinition) bool {
			return deref(a.AttributeName) == deref(b.AttributeName)
		}) {
			t.Definition.AttributeDefinitions = append(t.Definition.AttributeDefinitions, a)
		}
	}
	if u.BillingMode != "" {
		t.Definition.BillingMode = u.BillingMode
	}
	for _, g := range u.GlobalSecondaryIndexUpdates {
		if c := g.Create; c != nil {
			t.Definition.GlobalSecondaryIndexes = append(t.Definition.GlobalSecondaryIndexes, ddbtypes.GlobalSecondaryIndex{
				IndexName: c.IndexName, KeySchema: c.KeySchema, Projection: c.Projection,
				ProvisionedThroughput: c.ProvisionedThroughput, OnDemandThroughput: c.OnDemandThroughput,
			})
		}
		if del := g.Delete; del != nil {
			t.Definition.GlobalSecondaryIndexes = slices.DeleteFunc(t.Definition.GlobalSecondaryIndexes,
				func(i ddbtypes.GlobalSecondaryIndex) bool { return deref(i.IndexName) == deref(del.IndexName) })
		}
	}
}

// amendDescription adds to minidyn's table description the fields it leaves empty and callers
// read: TableStatus (waiters and scripts poll it), TableArn, AttributeDefinitions, BillingMode.
func amendDescription(body []byte, op string, def *tableDef, region string) ([]byte, error) {
	key, status := "TableDescription", "ACTIVE"
	switch op {
	case "DescribeTable":
		key = "Table"
	case "DeleteTable":
		status = "DELETING"
	}
	var out map[string]map[string]any
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&out); err != nil {
		return nil, err
	}
	desc := out[key]
	if desc == nil {
		return body, nil
	}
	desc["TableStatus"] = status
	if name, ok := desc["TableName"].(string); ok {
		desc["TableArn"] = "arn:aws:dynamodb:" + region + ":" + accountID + ":table/" + name
	}
	if def != nil {
		desc["AttributeDefinitions"] = def.Definition.AttributeDefinitions
		if def.Definition.BillingMode != "" {
			desc["BillingModeSummary"] = map[string]any{"BillingMode": def.Definition.BillingMode}
		}
	}
	return json.Marshal(out)
}

// serveListTables answers ListTables from the recorded definitions, paged as DynamoDB does.
func (d *dynamo) serveListTables(w http.ResponseWriter, body []byte) {
	var in struct {
		ExclusiveStartTableName string
		Limit                   int
	}
	if err := json.Unmarshal(body, &in); err != nil {
		writeJSONError(w, contentJSON10, &awsError{http.StatusBadRequest, "SerializationException", err.Error()})
		return
	}
	if in.Limit <= 0 || in.Limit > 100 {
		in.Limit = 100
	}
	names := d.tableNames()
	start := sort.SearchStrings(names, in.ExclusiveStartTableName)
	if start < len(names) && names[start] == in.ExclusiveStartTableName {
		start++
	}
	names = names[start:]
	out := map[string]any{"TableNames": []string{}}
	if len(names) > in.Limit {
		names = names[:in.Limit]
		out["LastEvaluatedTableName"] = names[len(names)-1]
	}
	out["TableNames"] = names
	writeJSON(w, http.StatusOK, contentJSON10, out)
}

// tableNames lists the recorded tables in name order.
func (d *dynamo) tableNames() []string {
	d.mu.RLock()
	defer d.mu.RUnlock()
	names := make([]string, 0, len(d.tables))
	for name := range d.tables {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

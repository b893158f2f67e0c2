package edge

import (
	"context"
	"fmt"
	"net/http"

	ddbtypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/truora/minidyn/server"
)

// minidyn (v0.8.2) keeps each secondary index as a map from item to index key and a sorted list
// of the index keys, and a query walks the two side by side, so they must hold the same keys.
// Two of its writes break that: an update that gives index keys to an item that had none (or
// creates an item with them) overwrites the smallest key in the list instead of adding one, so
// a query of that index then misses items that were in it; and a put or update that takes an
// item's index keys away leaves its old key in both. Its deletes and its puts of an item not in
// the index are right.
//
// So the edge never lets minidyn change an indexed item in place. An update runs on a scratch
// table with the same key and no indexes (see update), and every write of an item that exists
// deletes it first, then puts the item it becomes (see replace). It also refuses, as DynamoDB
// does, an index key attribute of another type than its definition, which minidyn finds only
// after it has stored the item.

// indexed reports whether table has secondary indexes. The caller holds d.mu.
func (d *dynamo) indexed(table string) bool {
	def := d.tables[table]
	return def != nil && len(def.Definition.GlobalSecondaryIndexes)+len(def.Definition.LocalSecondaryIndexes) > 0
}

// checkIndexKeys refuses an item whose index key attribute has another type than its definition.
func (d *dynamo) checkIndexKeys(table string, it item) error {
	def := d.tables[table]
	if def == nil {
		return nil
	}
	types := map[string]ddbtypes.ScalarAttributeType{}
	for _, a := range def.Definition.AttributeDefinitions {
		types[deref(a.AttributeName)] = a.AttributeType
	}
	check := func(index string, keys []ddbtypes.KeySchemaElement) error {
		for _, k := range keys {
			name := deref(k.AttributeName)
			v := it[name]
			if v == nil {
				continue // sparse: the item is not in this index
			}
			if got, want := scalarType(v), types[name]; got != string(want) {
				return &awsError{http.StatusBadRequest, "ValidationException", fmt.Sprintf(
					"One or more parameter values were invalid: Type mismatch for Index Key %s Expected: %s Actual: %s IndexName: %s",
					name, want, got, index)}
			}
		}
		return nil
	}
	for _, g := range def.Definition.GlobalSecondaryIndexes {
		if err := check(deref(g.IndexName), g.KeySchema); err != nil {
			return err
		}
	}
	for _, l := range def.Definition.LocalSecondaryIndexes {
		if err := check(deref(l.IndexName), l.KeySchema); err != nil {
			return err
		}
	}
	return nil
}

// scalarType is the DynamoDB type name of v's value.
func scalarType(v *server.AttributeValue) string {
	switch {
	case v.S != nil:
		return "S"
	case v.N != nil:
		return "N"
	case v.B != nil:
		return "B"
	case v.BOOL != nil:
		return "BOOL"
	case v.NULL != nil:
		return "NULL"
	case v.SS != nil:
		return "SS"
	case v.NS != nil:
		return "NS"
	case v.BS != nil:
		return "BS"
	case v.L != nil:
		return "L"
	default:
		return "M"
	}
}

// keyOf is the primary key of it in table, or nil when it lacks a key attribute.
func (d *dynamo) keyOf(table string, it item) item {
	def := d.tables[table]
	if def == nil {
		return nil
	}
	key := item{}
	for _, k := range def.Definition.KeySchema {
		v := it[deref(k.AttributeName)]
		if v == nil {
			return nil
		}
		key[deref(k.AttributeName)] = v
	}
	return key
}

// put runs a PutItem (its condition included) so that minidyn's indexes stay whole: an item that
// exists is deleted first, by a delete carrying the put's condition, then the new one is put.
// The caller holds d.mu exclusively and undoes the item if this fails.
func (d *dynamo) put(ctx context.Context, in *server.PutItemInput) error {
	table := deref(in.TableName)
	if !d.indexed(table) {
		_, err := d.client.PutItem(ctx, in)
		return err
	}
	if err := d.checkIndexKeys(table, in.Item); err != nil {
		return err
	}
	key := d.keyOf(table, in.Item)
	if key == nil {
		_, err := d.client.PutItem(ctx, in) // minidyn refuses it
		return err
	}
	got, err := d.client.GetItem(ctx, &server.GetItemInput{TableName: in.TableName, Key: key})
	if err != nil {
		return err
	}
	if len(got.Item) == 0 {
		_, err := d.client.PutItem(ctx, in)
		return err
	}
	if _, err := d.client.DeleteItem(ctx, &server.DeleteItemInput{TableName: in.TableName, Key: key,
		ConditionExpression: in.ConditionExpression, ExpressionAttributeNames: in.ExpressionAttributeNames,
		ExpressionAttributeValues: in.ExpressionAttributeValues}); err != nil {
		return err
	}
	_, err = d.client.PutItem(ctx, &server.PutItemInput{TableName: in.TableName, Item: in.Item})
	return err
}

// update runs an UpdateItem with its REMOVE clause r (nil: none). On a table with indexes it runs
// on a scratch table (the same key, no indexes) holding a copy of the item, and the item it
// leaves replaces the table's (see put). The caller holds d.mu exclusively and undoes the item if
// this fails.
func (d *dynamo) update(ctx context.Context, in *server.UpdateItemInput, r *removal) error {
	table := deref(in.TableName)
	if !d.indexed(table) {
		return d.updateIn(ctx, in, r)
	}
	def := d.tables[table].Definition
	scratch := "\x00scratch\x00" + table // no client can name it: DynamoDB's names are [a-zA-Z0-9_.-]
	if _, err := d.client.CreateTable(ctx, &server.CreateTableInput{TableName: &scratch,
		AttributeDefinitions: def.AttributeDefinitions, KeySchema: def.KeySchema,
		BillingMode: ddbtypes.BillingModePayPerRequest}); err != nil {
		return fmt.Errorf("edge: scratch table: %w", err)
	}
	defer func() { _, _ = d.client.DeleteTable(ctx, &server.DeleteTableInput{TableName: &scratch}) }()
	got, err := d.client.GetItem(ctx, &server.GetItemInput{TableName: in.TableName, Key: in.Key})
	if err != nil {
		return err
	}
	exists := len(got.Item) > 0
	if exists {
		cur, err := cloneItem(got.Item)
		if err != nil {
			return err
		}
		if _, err := d.client.PutItem(ctx, &server.PutItemInput{TableName: &scratch, Item: cur}); err != nil {
			return err
		}
	}
	on := *in
	on.TableName = &scratch
	if err := d.updateIn(ctx, &on, r); err != nil {
		return err
	}
	if got, err = d.client.GetItem(ctx, &server.GetItemInput{TableName: &scratch, Key: in.Key}); err != nil {
		return err
	}
	after, err := cloneItem(got.Item)
	if err != nil {
		return err
	}
	if err := d.checkIndexKeys(table, after); err != nil {
		return err
	}
	if exists {
		if _, err := d.client.DeleteItem(ctx, &server.DeleteItemInput{TableName: in.TableName, Key: in.Key}); err != nil {
			return err
		}
	}
	_, err = d.client.PutItem(ctx, &server.PutItemInput{TableName: in.TableName, Item: after})
	return err
}

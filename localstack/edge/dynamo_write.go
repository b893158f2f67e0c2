package edge

import (
	"context"
	"encoding/json"
	"net/http"
	"reflect"

	ddbtypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/truora/minidyn/server"
)

// writeOp runs an item operation that changes data. The caller holds d.mu exclusively.
type writeOp func(ctx context.Context, d *dynamo, body []byte) (any, error)

// writeOps are the item operations that change data: each refuses values of no type, remembers
// the items it touches (undo) and puts them back when it fails, so that a failed write changes
// nothing, as in DynamoDB.
var writeOps = map[string]writeOp{
	"PutItem":            putItem,
	"UpdateItem":         updateItem,
	"DeleteItem":         deleteItem,
	"BatchWriteItem":     batchWriteItem,
	"TransactWriteItems": transactWriteItems,
}

func decode[T any](body []byte) (*T, error) {
	var in T
	if err := json.Unmarshal(body, &in); err != nil {
		return nil, &awsError{http.StatusBadRequest, "SerializationException", err.Error()}
	}
	return &in, nil
}

func putItem(ctx context.Context, d *dynamo, body []byte) (any, error) {
	in, err := decode[server.PutItemInput](body)
	if err != nil {
		return nil, err
	}
	if err := checkValues(in.Item, in.ExpressionAttributeValues); err != nil {
		return nil, err
	}
	u := d.newUndo()
	before, _, err := u.save(ctx, deref(in.TableName), in.Item)
	if err != nil {
		return nil, err
	}
	if err := d.put(ctx, in); err != nil {
		return nil, u.failed(ctx, err, before, in.ReturnValuesOnConditionCheckFailure)
	}
	// minidyn answers the new item; DynamoDB answers the old one, and only when asked.
	out := &server.PutItemOutput{}
	if in.ReturnValues == ddbtypes.ReturnValueAllOld {
		out.Attributes = before
	}
	return out, nil
}

func deleteItem(ctx context.Context, d *dynamo, body []byte) (any, error) {
	in, err := decode[server.DeleteItemInput](body)
	if err != nil {
		return nil, err
	}
	if err := checkValues(in.Key, in.ExpressionAttributeValues); err != nil {
		return nil, err
	}
	u := d.newUndo()
	before, _, err := u.save(ctx, deref(in.TableName), in.Key)
	if err != nil {
		return nil, err
	}
	if _, err := d.client.DeleteItem(ctx, in); err != nil {
		return nil, u.failed(ctx, err, before, in.ReturnValuesOnConditionCheckFailure)
	}
	out := &server.DeleteItemOutput{}
	if in.ReturnValues == ddbtypes.ReturnValueAllOld {
		out.Attributes = before
	}
	return out, nil
}

// updateItem applies a REMOVE clause itself (see removal) and answers ReturnValues from the item
// before and after the update: minidyn's own answer for ALL_OLD and UPDATED_* comes from a copy
// of the old item that drops empty lists and maps (the defect described at transactWriteItems).
func updateItem(ctx context.Context, d *dynamo, body []byte) (any, error) {
	in, err := decode[server.UpdateItemInput](body)
	if err != nil {
		return nil, err
	}
	if err := checkValues(in.Key, in.ExpressionAttributeValues); err != nil {
		return nil, err
	}
	rm, err := d.planUpdate(in)
	if err != nil {
		return nil, err
	}
	u := d.newUndo()
	table := deref(in.TableName)
	before, _, err := u.save(ctx, table, in.Key)
	if err != nil {
		return nil, err
	}
	if err := d.update(ctx, in, rm); err != nil {
		return nil, u.failed(ctx, err, before, in.ReturnValuesOnConditionCheckFailure)
	}
	out := &server.UpdateItemOutput{}
	if in.ReturnValues == "" || in.ReturnValues == ddbtypes.ReturnValueNone {
		return out, nil
	}
	got, err := d.client.GetItem(ctx, &server.GetItemInput{TableName: in.TableName, Key: in.Key})
	if err != nil {
		return nil, err
	}
	after := got.Item
	switch in.ReturnValues {
	case ddbtypes.ReturnValueAllNew:
		out.Attributes = after
	case ddbtypes.ReturnValueAllOld:
		out.Attributes = before
	case ddbtypes.ReturnValueUpdatedNew:
		if rm != nil {
			out.Attributes, err = rm.updatedNew(after)
		} else {
			out.Attributes = changed(after, before, in.Key)
		}
	case ddbtypes.ReturnValueUpdatedOld:
		if rm != nil {
			out.Attributes, err = rm.updatedOld(before)
		} else {
			out.Attributes = changed(before, after, in.Key)
		}
	}
	return out, err
}

// changed returns the attributes of a, other than the key's (which no update changes), that b
// lacks or holds with another value.
func changed(a, b, key item) item {
	out := item{}
	for name, v := range a {
		if _, isKey := key[name]; isKey {
			continue
		}
		if w, ok := b[name]; !ok || !reflect.DeepEqual(v, w) {
			out[name] = v
		}
	}
	return out
}

func batchWriteItem(ctx context.Context, d *dynamo, body []byte) (any, error) {
	in, err := decode[server.BatchWriteItemInput](body)
	if err != nil {
		return nil, err
	}
	u := d.newUndo()
	for _, table := range sortedKeys(in.RequestItems) {
		for _, req := range in.RequestItems[table] {
			var target item
			switch {
			case req.PutRequest != nil:
				target = req.PutRequest.Item
			case req.DeleteRequest != nil:
				target = req.DeleteRequest.Key
			}
			if err := checkValues(target); err != nil {
				return nil, err
			}
			_, duplicate, err := u.save(ctx, table, target)
			if err != nil {
				return nil, err
			}
			if duplicate { // minidyn would apply both, in whatever order
				return nil, &awsError{http.StatusBadRequest, "ValidationException",
					"Provided list of item keys contains duplicates"}
			}
		}
	}
	// A put over an item that exists goes in after a delete of it (see dynamo_index.go).
	for _, table := range sortedKeys(in.RequestItems) {
		if !d.indexed(table) {
			continue
		}
		for _, req := range in.RequestItems[table] {
			if req.PutRequest == nil {
				continue
			}
			if err := d.checkIndexKeys(table, req.PutRequest.Item); err != nil {
				return nil, u.failed(ctx, err, nil, "")
			}
			if key := d.keyOf(table, req.PutRequest.Item); key != nil {
				if _, err := d.client.DeleteItem(ctx, &server.DeleteItemInput{TableName: &table, Key: key}); err != nil {
					return nil, u.failed(ctx, err, nil, "")
				}
			}
		}
	}
	out, err := d.client.BatchWriteItem(ctx, in)
	if err != nil {
		return nil, u.failed(ctx, err, nil, "")
	}
	return out, nil
}

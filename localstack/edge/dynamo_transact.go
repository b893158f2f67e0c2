package edge

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	ddbtypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/truora/minidyn/server"
)

// transactWriteItems runs a transaction on minidyn's single-item operations instead of on
// minidyn's TransactWriteItems, whose rollback corrupts tables.
//
// minidyn (v0.8.2) takes a snapshot of every table a transaction names before it runs, and on
// cancellation (a failed condition) restores it. The snapshot's deep copy (core's
// deepCopyTypesItem) copies a list or map only when it is non-empty, so every empty list and map
// of every item of those tables, named in the transaction or not, comes back as an attribute
// value with no type. From then on each Query on the table fails ("unsupported expression or
// attribute type: value type is not supported yet"), Scan cannot be encoded and snapshots stop
// being saved. Two identical likes at once are enough: the second's conditional Put fails.
//
// Here the edge holds d.mu exclusively, saves the items the transaction touches, and applies its
// items one by one; if any condition fails it puts those items back and answers the
// cancellation with a reason per item, as DynamoDB does. Only the named items are copied, not
// whole tables, so a transaction costs the same however large the table.
func transactWriteItems(ctx context.Context, d *dynamo, body []byte) (any, error) {
	in, err := decode[server.TransactWriteItemsInput](body)
	if err != nil {
		return nil, err
	}
	steps, err := transactSteps(d, in.TransactItems)
	if err != nil {
		return nil, err
	}
	u := d.newUndo()
	for _, s := range steps {
		before, duplicate, err := u.save(ctx, s.table, s.target)
		if err != nil {
			return nil, err
		}
		if duplicate {
			return nil, &awsError{http.StatusBadRequest, "ValidationException",
				"Transaction request cannot include multiple operations on one item"}
		}
		s.before = before
	}
	reasons := make([]cancelReason, len(steps))
	cancelled := false
	for i, s := range steps {
		reasons[i].Code = "None"
		err := s.run(ctx, d)
		var ccf *ddbtypes.ConditionalCheckFailedException
		switch {
		case errors.As(err, &ccf):
			cancelled = true
			reasons[i] = cancelReason{Code: "ConditionalCheckFailed", Message: "The conditional request failed"}
			if s.returnOld == ddbtypes.ReturnValuesOnConditionCheckFailureAllOld {
				reasons[i].Item = s.before
			}
		case err != nil:
			return nil, u.failed(ctx, err, nil, "")
		}
	}
	if cancelled {
		if err := u.restore(ctx); err != nil {
			return nil, err
		}
		return nil, &transactionCanceled{reasons}
	}
	// A ConditionCheck ran as a conditional delete (minidyn has no condition check alone): put
	// back what it deleted.
	for _, s := range steps {
		if s.check {
			if err := d.putBack(ctx, savedItem{table: s.table, key: s.target, before: s.before}); err != nil {
				return nil, errors.Join(err, u.restore(ctx))
			}
		}
	}
	return &server.TransactWriteItemsOutput{}, nil
}

// step is one item of a transaction.
type step struct {
	table     string
	target    item // the item put, or the key of the item updated, deleted or checked
	returnOld ddbtypes.ReturnValuesOnConditionCheckFailure
	check     bool // a ConditionCheck, whose write (a conditional delete) is always undone
	run       func(context.Context, *dynamo) error
	before    item
}

// transactSteps validates a transaction's items as DynamoDB does before running any.
func transactSteps(d *dynamo, items []server.TransactWriteItem) ([]*step, error) {
	if n := len(items); n < 1 || n > 100 {
		return nil, &awsError{http.StatusBadRequest, "ValidationException", fmt.Sprintf(
			"1 validation error detected: Value at 'transactItems' failed to satisfy constraint: "+
				"Member must have length between 1 and 100, got %d", n)}
	}
	steps := make([]*step, len(items))
	for i, it := range items {
		s, values, kinds := &step{}, item(nil), 0
		if p := it.Put; p != nil {
			kinds++
			s.table, s.target, s.returnOld, values = deref(p.TableName), p.Item, p.ReturnValuesOnConditionCheckFailure, p.ExpressionAttributeValues
			s.run = func(ctx context.Context, d *dynamo) error {
				return d.put(ctx, &server.PutItemInput{TableName: p.TableName, Item: p.Item,
					ConditionExpression: p.ConditionExpression, ExpressionAttributeNames: p.ExpressionAttributeNames,
					ExpressionAttributeValues: p.ExpressionAttributeValues})
			}
		}
		if up := it.Update; up != nil {
			kinds++
			s.table, s.target, s.returnOld, values = deref(up.TableName), up.Key, up.ReturnValuesOnConditionCheckFailure, up.ExpressionAttributeValues
			update := &server.UpdateItemInput{TableName: up.TableName, Key: up.Key,
				UpdateExpression: up.UpdateExpression, ConditionExpression: up.ConditionExpression,
				ExpressionAttributeNames: up.ExpressionAttributeNames, ExpressionAttributeValues: up.ExpressionAttributeValues}
			rm, err := d.planUpdate(update)
			if err != nil {
				return nil, err
			}
			s.run = func(ctx context.Context, d *dynamo) error { return d.update(ctx, update, rm) }
		}
		if del := it.Delete; del != nil {
			kinds++
			s.table, s.target, s.returnOld, values = deref(del.TableName), del.Key, del.ReturnValuesOnConditionCheckFailure, del.ExpressionAttributeValues
			s.run = deleteRun(del.TableName, del.Key, del.ConditionExpression, del.ExpressionAttributeNames, del.ExpressionAttributeValues)
		}
		if cc := it.ConditionCheck; cc != nil {
			kinds++
			s.table, s.target, s.returnOld, values = deref(cc.TableName), cc.Key, cc.ReturnValuesOnConditionCheckFailure, cc.ExpressionAttributeValues
			s.check = true
			if cc.ConditionExpression == nil || strings.TrimSpace(*cc.ConditionExpression) == "" {
				return nil, &awsError{http.StatusBadRequest, "ValidationException",
					"The ConditionCheck must contain a ConditionExpression"}
			}
			s.run = deleteRun(cc.TableName, cc.Key, cc.ConditionExpression, cc.ExpressionAttributeNames, cc.ExpressionAttributeValues)
		}
		if kinds != 1 {
			return nil, &awsError{http.StatusBadRequest, "ValidationException",
				"TransactItems can only contain one of Check, Put, Update or Delete"}
		}
		if err := checkValues(s.target, values); err != nil {
			return nil, err
		}
		steps[i] = s
	}
	return steps, nil
}

func deleteRun(table *string, key item, cond *string, names map[string]string, values item) func(context.Context, *dynamo) error {
	return func(ctx context.Context, d *dynamo) error {
		_, err := d.client.DeleteItem(ctx, &server.DeleteItemInput{TableName: table, Key: key, ConditionExpression: cond,
			ExpressionAttributeNames: names, ExpressionAttributeValues: values})
		return err
	}
}

// cancelReason is DynamoDB's CancellationReason.
type cancelReason struct {
	Code    string
	Message string
	Item    item
}

// transactionCanceled is a transaction cancelled by failed conditions.
type transactionCanceled struct{ reasons []cancelReason }

func (t *transactionCanceled) codes() []string {
	codes := make([]string, len(t.reasons))
	for i, r := range t.reasons {
		codes[i] = r.Code
	}
	return codes
}

func (t *transactionCanceled) Error() string {
	return "Transaction cancelled, please refer cancellation reasons for specific reasons [" +
		strings.Join(t.codes(), ", ") + "]"
}

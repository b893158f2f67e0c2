package edge

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"

	ddbtypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/truora/minidyn/server"
)

// item is an item, a key or a map of expression values, as minidyn's requests hold them.
type item = map[string]*server.AttributeValue

// undo remembers the items a write is about to change, so that a write that fails leaves
// nothing behind: minidyn applies some writes in place before it finds they fail (an update
// expression that goes wrong halfway, a batch whose tenth put is invalid), and its own rollback
// of a cancelled transaction loses data (see transactWriteItems). The caller holds d.mu
// exclusively from before the first save until after the last restore, so no other request
// sees a half-done write or its undoing.
type undo struct {
	d     *dynamo
	saved []savedItem
	seen  map[string]bool
}

// savedItem is one item as it was before the write: before is nil when there was none.
type savedItem struct {
	table  string
	key    item
	before item
}

func (d *dynamo) newUndo() *undo { return &undo{d: d, seen: map[string]bool{}} }

// save remembers the item of table that target (an item or a key) names, and returns it as it
// is now (nil if there is none). It reports a target saved before as a duplicate. A target
// without the table's key attributes is left alone: the write fails on it without writing.
func (u *undo) save(ctx context.Context, table string, target item) (before item, duplicate bool, err error) {
	def := u.d.tables[table]
	if def == nil {
		return nil, false, errNoTable()
	}
	key := item{}
	for _, k := range def.Definition.KeySchema {
		name := deref(k.AttributeName)
		v := target[name]
		if v == nil {
			return nil, false, nil
		}
		key[name] = v
	}
	id, err := json.Marshal([]any{table, toWire(reflect.ValueOf(key))})
	if err != nil {
		return nil, false, err
	}
	if u.seen[string(id)] {
		return nil, true, nil
	}
	u.seen[string(id)] = true
	got, err := u.d.client.GetItem(ctx, &server.GetItemInput{TableName: &table, Key: key})
	if err != nil {
		return nil, false, err
	}
	if len(got.Item) > 0 {
		// A deep copy: what minidyn returns shares its values with the stored item.
		if before, err = cloneItem(got.Item); err != nil {
			return nil, false, err
		}
	}
	u.saved = append(u.saved, savedItem{table: table, key: key, before: before})
	return before, false, nil
}

// restore puts every saved item back as it was, newest first.
func (u *undo) restore(ctx context.Context) error {
	var errs []error
	for i := len(u.saved) - 1; i >= 0; i-- {
		errs = append(errs, u.d.putBack(ctx, u.saved[i]))
	}
	if err := errors.Join(errs...); err != nil {
		return &awsError{http.StatusInternalServerError, "InternalServerError",
			"the local DynamoDB could not undo a failed write: " + err.Error()}
	}
	return nil
}

// putBack makes s's item what it was before the write.
func (d *dynamo) putBack(ctx context.Context, s savedItem) error {
	if s.before == nil {
		// The item as written is deleted first: its index keys are what minidyn's indexes hold,
		// so they are removed with it. Putting the key alone over it instead would leave the
		// old index key behind in minidyn's sorted keys (its put ignores an item without index
		// keys), which misaligns every later query of that index key: the index would answer
		// nothing.
		if _, err := d.client.DeleteItem(ctx, &server.DeleteItemInput{TableName: &s.table, Key: s.key}); err == nil {
			return nil
		}
		// Then the key alone, which every index accepts: minidyn's DeleteItem fails (after
		// deleting) on an item whose index key has the wrong type, which a failed write leaves.
		key, err := cloneItem(s.key)
		if err != nil {
			return err
		}
		if _, err := d.client.PutItem(ctx, &server.PutItemInput{TableName: &s.table, Item: key}); err != nil {
			return err
		}
		_, err = d.client.DeleteItem(ctx, &server.DeleteItemInput{TableName: &s.table, Key: s.key})
		return err
	}
	before, err := cloneItem(s.before) // minidyn keeps the map it is given
	if err != nil {
		return err
	}
	// Deleted first, so that minidyn's indexes drop what the write gave them (see dynamo_index.go).
	if _, err := d.client.DeleteItem(ctx, &server.DeleteItemInput{TableName: &s.table, Key: s.key}); err != nil {
		return err
	}
	_, err = d.client.PutItem(ctx, &server.PutItemInput{TableName: &s.table, Item: before})
	return err
}

// failed undoes a single write that returned err and returns err (joined with any failure to
// undo). A failed condition keeps the item as it was (before, when the caller asked for it).
func (u *undo) failed(ctx context.Context, err error, before item, returnOld ddbtypes.ReturnValuesOnConditionCheckFailure) error {
	var ccf *ddbtypes.ConditionalCheckFailedException
	if errors.As(err, &ccf) { // minidyn checks a single write's condition before it writes

		c := &conditionFailed{message: deref(ccf.Message)}
		if returnOld == ddbtypes.ReturnValuesOnConditionCheckFailureAllOld {
			c.item = before
		}
		return c
	}
	if rerr := u.restore(ctx); rerr != nil {
		return errors.Join(err, rerr)
	}
	return err
}

// conditionFailed is a failed condition of a single write, with the item as it is when the
// request asked for it.
type conditionFailed struct {
	message string
	item    item
}

func (c *conditionFailed) Error() string { return "ConditionalCheckFailedException: " + c.message }

// cloneItem deep-copies an item through its DynamoDB JSON.
func cloneItem(it item) (item, error) {
	raw, err := json.Marshal(toWire(reflect.ValueOf(it)))
	if err != nil {
		return nil, fmt.Errorf("edge: copy item: %w", err)
	}
	var out item
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, fmt.Errorf("edge: copy item: %w", err)
	}
	return out, nil
}

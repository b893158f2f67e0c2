package post

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
)

// Limits of DynamoDB's batch calls, and how many rounds a batch's leftovers get.
const (
	maxBatchGet   = 100
	maxBatchWrite = 25
	batchAttempts = 8
)

// transact runs items as one transaction (see dynamo.Transact).
func (s *Store) transact(ctx context.Context, items []types.TransactWriteItem) error {
	return dynamo.Transact(ctx, s.db, items)
}

// keyset is keys to read from one table.
type keyset struct {
	table      string
	keys       []map[string]types.AttributeValue
	consistent bool
}

// batch holds batch-read items by table, pk and sk (see ref).
type batch map[string]map[string]types.AttributeValue

func ref(table, pk, sk string) string { return table + "\x00" + pk + "\x00" + sk }

// get returns the item at key of table, if it was read.
func (it batch) get(table string, key map[string]types.AttributeValue) (map[string]types.AttributeValue, bool) {
	v, ok := it[ref(table, str(key["pk"]), str(key["sk"]))]
	return v, ok
}

// batchGet reads every key of sets with BatchGetItem: calls of at most 100 keys, run at once,
// their unprocessed keys retried with backoff. Keys must be unique within a table.
func (s *Store) batchGet(ctx context.Context, sets ...keyset) (batch, error) {
	type one struct {
		set int
		key map[string]types.AttributeValue
	}
	var all []one
	for i, set := range sets {
		for _, k := range set.keys {
			all = append(all, one{i, k})
		}
	}
	var (
		mu   sync.Mutex
		wg   sync.WaitGroup
		errs []error
	)
	found := batch{}
	for start := 0; start < len(all); start += maxBatchGet {
		chunk := all[start:min(start+maxBatchGet, len(all))]
		req := map[string]types.KeysAndAttributes{}
		for _, o := range chunk {
			set := sets[o.set]
			ka := req[set.table]
			ka.Keys, ka.ConsistentRead = append(ka.Keys, o.key), aws.Bool(set.consistent)
			req[set.table] = ka
		}
		wg.Go(func() {
			got, err := s.batchGetAll(ctx, req)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, err)
				return
			}
			for table, list := range got {
				for _, it := range list {
					found[ref(table, str(it["pk"]), str(it["sk"]))] = it
				}
			}
		})
	}
	wg.Wait()
	if len(errs) > 0 {
		return nil, failure.Wrap(errors.Join(errs...), "batch read")
	}
	return found, nil
}

// batchGetAll runs one BatchGetItem request until no key is left unprocessed.
func (s *Store) batchGetAll(ctx context.Context, req map[string]types.KeysAndAttributes) (map[string][]map[string]types.AttributeValue, error) {
	out := map[string][]map[string]types.AttributeValue{}
	wait := 50 * time.Millisecond
	for attempt := 1; len(req) > 0; attempt++ {
		if attempt > batchAttempts {
			return nil, fmt.Errorf("post: keys left unprocessed after %d reads", batchAttempts)
		}
		if attempt > 1 {
			if err := dynamo.Pause(ctx, wait); err != nil {
				return nil, err
			}
			wait = min(2*wait, 2*time.Second)
		}
		res, err := s.db.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: req})
		if err != nil {
			return nil, err
		}
		for table, list := range res.Responses {
			out[table] = append(out[table], list...)
		}
		req = res.UnprocessedKeys
	}
	return out, nil
}

// deleteAll deletes keys from the Posts table with BatchWriteItem, 25 at a time, retrying
// unprocessed deletes with backoff. Deleting a missing item is not an error.
func (s *Store) deleteAll(ctx context.Context, keys []map[string]types.AttributeValue) error {
	for len(keys) > 0 {
		n := min(len(keys), maxBatchWrite)
		reqs := make([]types.WriteRequest, n)
		for i, k := range keys[:n] {
			reqs[i] = types.WriteRequest{DeleteRequest: &types.DeleteRequest{Key: k}}
		}
		keys = keys[n:]
		wait := 50 * time.Millisecond
		for attempt := 1; len(reqs) > 0; attempt++ {
			if attempt > batchAttempts {
				return fmt.Errorf("post: %d deletes left unprocessed after %d writes", len(reqs), batchAttempts)
			}
			if attempt > 1 {
				if err := dynamo.Pause(ctx, wait); err != nil {
					return err
				}
				wait = min(2*wait, 2*time.Second)
			}
			out, err := s.db.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{
				RequestItems: map[string][]types.WriteRequest{s.table: reqs},
			})
			if err != nil {
				return failure.Wrap(err, "delete post items")
			}
			reqs = out.UnprocessedItems[s.table]
		}
	}
	return nil
}

// query runs in from start (nil for the beginning) until it has n items or reaches the end.
func (s *Store) query(ctx context.Context, in dynamodb.QueryInput, start map[string]types.AttributeValue, n int) ([]map[string]types.AttributeValue, error) {
	var got []map[string]types.AttributeValue
	in.ExclusiveStartKey = start
	for len(got) < n {
		in.Limit = aws.Int32(int32(min(n-len(got), 1000)))
		out, err := s.db.Query(ctx, &in)
		if err != nil {
			return nil, failure.Wrap(err, "query posts")
		}
		got = append(got, out.Items...)
		if len(out.LastEvaluatedKey) == 0 {
			break
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
	return got, nil
}

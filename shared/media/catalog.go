package media

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Status is the outcome of checking an upload's bytes.
type Status string

// Statuses.
const (
	StatusOK       Status = "ok"       // the bytes are an accepted type of the key's kind
	StatusRejected Status = "rejected" // they are not; the object was deleted
)

// Meta is what the media function learned about one uploaded object.
type Meta struct {
	Key         string  `dynamodbav:"key"`
	ContentType string  `dynamodbav:"content_type"` // sniffed from the bytes; "" when unknown
	Size        int64   `dynamodbav:"size"`
	Duration    float64 `dynamodbav:"duration"` // seconds; 0 when unknown
	// Width and Height are a picture's pixels as its header states them (0 for sound and video);
	// after Claim, the kept picture's (upright, at most MaxImageSide on its longer side).
	Width     int       `dynamodbav:"width,omitempty"`
	Height    int       `dynamodbav:"height,omitempty"`
	Status    Status    `dynamodbav:"status"`
	Reason    string    `dynamodbav:"reason,omitempty"` // why it was rejected
	CheckedAt time.Time `dynamodbav:"checked_at"`
	// Renditions are the widths of the JPEG renditions Claim stored beside a kept picture
	// (RenditionKey), ascending, and Placeholder its data URI (see Placeholder). Only Claim of an
	// image sets them; the catalog does not keep them.
	Renditions  []int  `dynamodbav:"-"`
	Placeholder string `dynamodbav:"-"`
}

// OK reports whether the object passed its check.
func (m Meta) OK() bool { return m.Status == StatusOK }

// Catalog keeps Meta items in the Posts table (layout in the package doc).
type Catalog struct {
	db    *dynamodb.Client
	table string
}

// NewCatalog returns a catalog over the named table (the Posts table).
func NewCatalog(db *dynamodb.Client, table string) *Catalog { return &Catalog{db: db, table: table} }

// catalogKey is the primary key of key's Meta item.
func catalogKey(key string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "MEDIA#" + key},
		"sk": &types.AttributeValueMemberS{Value: "META"},
	}
}

// Record stores m, replacing what an earlier check of the same key recorded.
func (c *Catalog) Record(ctx context.Context, m Meta) error {
	av, err := attributevalue.MarshalMap(m)
	if err != nil {
		return fmt.Errorf("marshal media meta: %w", err)
	}
	for k, v := range catalogKey(m.Key) {
		av[k] = v
	}
	if _, err := c.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: &c.table, Item: av}); err != nil {
		return fmt.Errorf("record media %s: %w", m.Key, err)
	}
	return nil
}

// Get returns what was recorded about key, and false when it has not been checked yet.
func (c *Catalog) Get(ctx context.Context, key string) (Meta, bool, error) {
	out, err := c.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: &c.table, Key: catalogKey(key), ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return Meta{}, false, fmt.Errorf("read media %s: %w", key, err)
	}
	if out.Item == nil {
		return Meta{}, false, nil
	}
	var m Meta
	if err := attributevalue.UnmarshalMap(out.Item, &m); err != nil {
		return Meta{}, false, fmt.Errorf("unmarshal media %s: %w", key, err)
	}
	return m, true, nil
}

// Forget removes what was recorded about keys (a deleted post's media); unknown and empty keys
// are fine.
func (c *Catalog) Forget(ctx context.Context, keys ...string) error {
	var reqs []types.WriteRequest
	seen := map[string]bool{}
	for _, k := range keys {
		if k == "" || seen[k] {
			continue
		}
		seen[k] = true
		reqs = append(reqs, types.WriteRequest{DeleteRequest: &types.DeleteRequest{Key: catalogKey(k)}})
	}
	for len(reqs) > 0 {
		batch := reqs[:min(25, len(reqs))] // BatchWriteItem's limit
		reqs = reqs[len(batch):]
		for attempt := 0; len(batch) > 0; attempt++ {
			if attempt == 5 {
				return fmt.Errorf("forget media: %d deletes left unprocessed", len(batch))
			}
			if attempt > 0 {
				time.Sleep(time.Duration(attempt*attempt) * 50 * time.Millisecond)
			}
			out, err := c.db.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{
				RequestItems: map[string][]types.WriteRequest{c.table: batch},
			})
			if err != nil {
				return fmt.Errorf("forget media: %w", err)
			}
			batch = out.UnprocessedItems[c.table]
		}
	}
	return nil
}

// ForgetItems are the writes that remove what was recorded about keys, for a caller to put in
// its own transaction (a post forgets the uploads it was made from as it is published).
func (c *Catalog) ForgetItems(keys ...string) []types.TransactWriteItem {
	var items []types.TransactWriteItem
	seen := map[string]bool{}
	for _, k := range keys {
		if k == "" || seen[k] {
			continue
		}
		seen[k] = true
		items = append(items, types.TransactWriteItem{Delete: &types.Delete{TableName: &c.table, Key: catalogKey(k)}})
	}
	return items
}

package ledger

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// ErrTooManyEntries is returned by Between when the range holds more entries than asked for.
var ErrTooManyEntries = errors.New("ledger: more entries in the range than the limit")

// idSlack widens Between's key range on both sides: a movement's id (UUIDv7) is made from the
// clock when Move runs and its At may be set a moment before, so the two can differ by the time
// a request takes, never by a minute.
const idSlack = time.Minute

// betweenPage is how many entries one query of Between reads.
const betweenPage = 500

// Between returns the entries of userID's wallet whose time (At) is in [from, to), oldest first,
// at most limit of them (ErrTooManyEntries when there are more). It reads only that range of the
// account's keys: entries sort by their movement's id, a UUIDv7 whose leading 48 bits are the
// movement's time in milliseconds, so a time range is a range of sort keys, and the query's
// cost follows the entries in the range, not the account's whole history.
func (s *Store) Between(ctx context.Context, userID string, from, to time.Time, limit int) ([]Entry, error) {
	in := &dynamodb.QueryInput{
		TableName:              &s.table,
		KeyConditionExpression: aws.String("pk = :pk AND sk BETWEEN :lo AND :hi"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": str("ACCT#" + string(User(userID))),
			":lo": str("E#" + idPrefix(from.Add(-idSlack))),
			":hi": str("E#" + idPrefix(to.Add(idSlack))),
		},
		ScanIndexForward: aws.Bool(true),
		ConsistentRead:   aws.Bool(true),
		Limit:            aws.Int32(betweenPage),
	}
	out := []Entry{}
	for {
		page, err := s.db.Query(ctx, in)
		if err != nil {
			return nil, fmt.Errorf("ledger: entries between: %w", err)
		}
		for _, it := range page.Items {
			e := entryOf(it)
			if e.At.Before(from) || !e.At.Before(to) {
				continue
			}
			if len(out) == limit {
				return nil, ErrTooManyEntries
			}
			out = append(out, e)
		}
		if len(page.LastEvaluatedKey) == 0 {
			return out, nil
		}
		in.ExclusiveStartKey = page.LastEvaluatedKey
	}
}

// idPrefix is the beginning of the text of every UUIDv7 made in the millisecond of t: its 48-bit
// Unix time in milliseconds as the first 8 and next 4 lowercase hex digits. Every id made at or
// after t sorts at or after it, and every id made before t sorts before it.
func idPrefix(t time.Time) string {
	ms := uint64(max(t.UnixMilli(), 0))
	return fmt.Sprintf("%08x-%04x", ms>>16&0xffffffff, ms&0xffff)
}

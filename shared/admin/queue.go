package admin

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
	"zuum/shared/schema"
)

// Page is one page of a queue; Next continues it ("" at its end).
type Page struct {
	Admins []Admin
	Next   string
	Total  int64
}

// ErrBadCursor refuses a cursor that List did not hand out for that status.
var ErrBadCursor = failure.New(failure.Invalid, "Invalid cursor.")

// ParseStatus reads a queue's status ("" means pending).
func ParseStatus(v string) (Status, error) {
	switch Status(v) {
	case "":
		return Pending, nil
	case Pending, Approved, Rejected:
		return Status(v), nil
	}
	return "", ErrBadStatus
}

// List returns verified admins of status in sign-up order (the oldest waiting first), up to
// limit from cursor after skipping skip. Admins who have not verified their email are in no
// queue: there is nothing to approve yet.
func (s *Service) List(ctx context.Context, status Status, limit int, cursor string, skip int) (Page, error) {
	start, err := dynamo.DecodeKey(cursor)
	if err != nil || start != nil && !s.ownQueueKey(start, status) {
		return Page{}, ErrBadCursor
	}
	q := func(n int32, start map[string]types.AttributeValue) *dynamodb.QueryInput {
		in := &dynamodb.QueryInput{
			TableName: &s.table, IndexName: aws.String(schema.GSI1),
			KeyConditionExpression:    aws.String("gsi1pk = :q"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":q": str(queuePK + string(status))},
			ExclusiveStartKey:         start,
		}
		in.Limit = aws.Int32(n)
		return in
	}
	total, err := s.Count(ctx, status)
	if err != nil {
		return Page{}, err
	}
	page := Page{Admins: []Admin{}, Total: total}
	for skip > 0 {
		out, err := s.db.Query(ctx, q(int32(min(skip, 1000)), start))
		if err != nil {
			return Page{}, failure.Wrap(err, "query admins")
		}
		skip -= len(out.Items)
		if start = out.LastEvaluatedKey; len(start) == 0 {
			return page, nil
		}
	}
	for len(page.Admins) < limit {
		out, err := s.db.Query(ctx, q(int32(limit-len(page.Admins)), start))
		if err != nil {
			return Page{}, failure.Wrap(err, "query admins")
		}
		for _, av := range out.Items {
			a, err := fromItem(av)
			if err != nil {
				return Page{}, err
			}
			page.Admins = append(page.Admins, a)
		}
		if start = out.LastEvaluatedKey; len(start) == 0 {
			return page, nil
		}
	}
	if more, err := s.db.Query(ctx, q(1, start)); err != nil {
		return Page{}, failure.Wrap(err, "query admins")
	} else if len(more.Items) > 0 {
		page.Next = dynamo.EncodeKey(start)
	}
	return page, nil
}

func (s *Service) ownQueueKey(key map[string]types.AttributeValue, status Status) bool {
	q, _ := key["gsi1pk"].(*types.AttributeValueMemberS)
	return len(key) == 4 && q != nil && q.Value == queuePK+string(status)
}

// Count is how many verified admins have status.
func (s *Service) Count(ctx context.Context, status Status) (int64, error) {
	var n int64
	var start map[string]types.AttributeValue
	for {
		out, err := s.db.Query(ctx, &dynamodb.QueryInput{
			TableName: &s.table, IndexName: aws.String(schema.GSI1),
			KeyConditionExpression:    aws.String("gsi1pk = :q"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":q": str(queuePK + string(status))},
			Select:                    types.SelectCount, ExclusiveStartKey: start,
		})
		if err != nil {
			return 0, failure.Wrap(err, "count admins")
		}
		n += int64(out.Count)
		if start = out.LastEvaluatedKey; len(start) == 0 {
			return n, nil
		}
	}
}

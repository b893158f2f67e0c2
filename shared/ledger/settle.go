package ledger

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/dynamo"
	"zuum/shared/schema"
)

// ErrSettled is returned by Settle for a movement that is no longer pending (settled before, by
// a redelivered webhook or the reconciler): nothing changes.
var ErrSettled = errors.New("ledger: movement already settled")

// ErrNoMovement is returned by Settle for an unknown movement id.
var ErrNoMovement = errors.New("ledger: no such movement")

// Settle ends a Pending movement. With Completed its entries turn completed. With Failed they
// turn failed and, in the same transaction, a reversal movement gives every leg its money back
// (each leg inverted, same type, counterparty "Refund", reference the movement's id), keyed once
// by "reverse#<id>". Either way the movement's status changes only from pending, so a settlement
// delivered twice moves nothing the second time (ErrSettled). extra items join the transaction
// (the withdrawal's own record, say).
func (s *Store) Settle(ctx context.Context, movementID, status string, extra ...types.TransactWriteItem) (Movement, error) {
	if status != Completed && status != Failed {
		return Movement{}, fmt.Errorf("ledger: settle to %q", status)
	}
	item, legs, err := s.record(ctx, movementID)
	if err != nil {
		return Movement{}, err
	}
	if sval(item["status"]) != Pending {
		return Movement{}, ErrSettled
	}
	at := s.now().UTC()
	stamp := str(at.Format(time.RFC3339Nano))
	marks := []types.TransactWriteItem{{Update: &types.Update{
		TableName: &s.table, Key: map[string]types.AttributeValue{schema.PK: str("MOVE#" + movementID), schema.SK: str("MOVE")},
		UpdateExpression:          aws.String("SET #s = :to, settled_at = :at"),
		ConditionExpression:       aws.String("#s = :pending"),
		ExpressionAttributeNames:  map[string]string{"#s": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":to": str(status), ":pending": str(Pending), ":at": stamp},
	}}}
	var reversal Movement
	for _, leg := range legs {
		marks = append(marks, types.TransactWriteItem{Update: &types.Update{
			TableName: &s.table, Key: map[string]types.AttributeValue{schema.PK: leg["pk"], schema.SK: leg["sk"]},
			UpdateExpression:          aws.String("SET #s = :to"),
			ConditionExpression:       aws.String("attribute_exists(pk)"),
			ExpressionAttributeNames:  map[string]string{"#s": "status"},
			ExpressionAttributeValues: map[string]types.AttributeValue{":to": str(status)},
		}})
		reversal.Legs = append(reversal.Legs, Leg{
			Account: Account(sval(leg["account"])), Amount: amountOf(leg["amount"]), Type: sval(leg["type"]),
		})
	}
	reversal.Legs = Reversal(movementID, reversal.Legs)
	marks = append(marks, extra...)
	if status == Completed {
		return Movement{ID: movementID, Kind: Kind(sval(item["kind"])), Status: Completed}, s.settle(ctx, marks)
	}
	reversal.Kind, reversal.At, reversal.Status = KindReversal, at, Completed
	reversal.Once = Once{Key: "reverse#" + movementID}
	m, err := s.Move(ctx, reversal, marks...)
	var failed *ExtraFailed
	if errors.As(err, &failed) && failed.Index == 0 || errors.Is(err, ErrReplayed) {
		return m, ErrSettled
	}
	return m, err
}

// Reversal is what a failed movement gives back: each of its legs inverted, same account and
// type, counterparty "Refund", reference the movement's id.
func Reversal(movementID string, legs []Leg) []Leg {
	back := make([]Leg, len(legs))
	for i, l := range legs {
		back[i] = Leg{Account: l.Account, Amount: -l.Amount, Type: l.Type, Counterparty: "Refund", Reference: movementID}
	}
	return back
}

// settle runs the status updates of a completed movement, retrying conflicts as Move does.
func (s *Store) settle(ctx context.Context, items []types.TransactWriteItem) error {
	wait := 10 * time.Millisecond
	for attempt := 1; ; attempt++ {
		_, err := s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items})
		switch {
		case err == nil:
			return nil
		case s.retry(ctx, err, attempt, &wait):
			continue
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if failed, ok := dynamo.CanceledBy(err); ok && len(failed) > 0 && failed[0] == 0 {
			return ErrSettled
		}
		return fmt.Errorf("ledger: settle: %w", err)
	}
}

package profile

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
	"zuum/shared/search"
)

// UsernameHold is how long a deleted account's username stays taken: nobody can pass as the
// person under their old name while people still remember it. The username's guard item keeps
// expires_at (the table's TTL attribute); code checks it itself, since TTL deletes late (and the
// local cloud has none).
const UsernameHold = 30 * 24 * time.Hour

// MarkDeleted starts the deletion of account id: it is switched off and marked deleted (which
// ends every session at once, by the session epoch, and hides it everywhere as deactivation
// does), with extra items (the shared timelines' sizes without its posts) in the same
// transaction. An account already being deleted changes nothing (done false); a deactivated one
// cannot be marked (it has no session to ask with).
func (s *Store) MarkDeleted(ctx context.Context, id string, now time.Time, extra ...types.TransactWriteItem) (done bool, err error) {
	update := types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: Key(id),
		UpdateExpression:    aws.String("SET deactivated = :t, deleted_at = :now REMOVE self_deactivated ADD session_epoch :one"),
		ConditionExpression: aws.String("attribute_exists(pk) AND attribute_not_exists(deleted_at) AND (attribute_not_exists(deactivated) OR deactivated = :f)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":t": &types.AttributeValueMemberBOOL{Value: true}, ":f": &types.AttributeValueMemberBOOL{Value: false},
			":now": &types.AttributeValueMemberS{Value: now.UTC().Format(time.RFC3339)}, ":one": &types.AttributeValueMemberN{Value: "1"},
		},
	}}
	err = dynamo.Transact(ctx, s.db, append([]types.TransactWriteItem{update}, extra...))
	if failed, ok := dynamo.CanceledBy(err); ok && dynamo.OnlyCanceledBy(failed, 0) {
		a, err := s.Account(ctx, id)
		if err != nil {
			return false, err
		}
		if a.Deleted {
			return false, nil
		}
		return false, ErrChanged
	}
	if err != nil {
		return false, failure.Wrap(err, "mark account deleted")
	}
	return true, nil
}

// DeactivateSelf is the account holder hiding their own account (extra as in Deactivate): it is
// deactivated as an admin deactivates it, and marked as their own choice, so that logging in
// again turns it back on (Reactivate), which an admin's deactivation never does.
func (s *Store) DeactivateSelf(ctx context.Context, id string, extra ...types.TransactWriteItem) (bool, error) {
	return s.deactivate(ctx, id, true, true, extra)
}

// Forget removes what is left of a deleted account a in the Users table, once its posts, chat
// and pictures are gone: its follows (each with the other side's counter), every item of its
// own (sessions, codes, notifications, follow edges) and last, in one transaction, the profile
// with its email guard, roster and search entries, while its username guard stays for
// UsernameHold. Each step can run again, so a run stopped midway is finished by running it again.
func (s *Store) Forget(ctx context.Context, a Account, now time.Time) error {
	if err := s.forgetFollows(ctx, a.ID); err != nil {
		return err
	}
	if err := s.forgetOwnItems(ctx, a.ID); err != nil {
		return err
	}
	str := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	owned := map[string]types.AttributeValue{":id": str(a.ID)}
	items := []types.TransactWriteItem{
		{Delete: &types.Delete{TableName: &s.table, Key: Key(a.ID), ConditionExpression: aws.String("attribute_exists(deleted_at)")}},
		{Delete: &types.Delete{TableName: &s.table, Key: guardKey("EMAIL", a.Email), ConditionExpression: aws.String("user_id = :id"), ExpressionAttributeValues: owned}},
		{Update: &types.Update{
			TableName: &s.table, Key: guardKey("USERNAME", usernameKey(a.Username)),
			UpdateExpression:    aws.String("SET expires_at = :exp"),
			ConditionExpression: aws.String("user_id = :id"),
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":id": str(a.ID), ":exp": &types.AttributeValueMemberN{Value: strconv.FormatInt(now.Add(UsernameHold).Unix(), 10)},
			},
		}},
		{Delete: &types.Delete{TableName: &s.table, Key: rosterSK(rosterByName, usernameKey(a.Username), a.ID)}},
		{Delete: &types.Delete{TableName: &s.table, Key: rosterSK(rosterByEmail, NormalizeEmail(a.Email), a.ID)}},
		s.rosterCount(-1),
	}
	items = append(items, search.Deletes(s.table, SearchSK(a.Profile), searchTokens(a.Profile))...)
	err := dynamo.Transact(ctx, s.db, items)
	if failed, ok := dynamo.CanceledBy(err); ok && len(failed) > 0 {
		if _, gone := s.Account(ctx, a.ID); failure.Is(gone, failure.NotFound) {
			return nil // an earlier run removed it
		}
	}
	if err != nil {
		return failure.Wrap(err, "remove profile")
	}
	return nil
}

// forgetFollows ends every follow of id, both ways, each with the other account's counter.
func (s *Store) forgetFollows(ctx context.Context, id string) error {
	for _, l := range []List{Following, Followers} {
		for {
			q := listQuery(s.table, id, l)
			q.ProjectionExpression = aws.String("id")
			out, err := s.db.Query(ctx, q)
			if err != nil {
				return failure.Wrap(err, "list follows")
			}
			for _, it := range out.Items {
				other, _ := it["id"].(*types.AttributeValueMemberS)
				if other == nil {
					continue
				}
				counter, back := "followers_count", Followers
				if l == Followers {
					counter, back = "following_count", Following
				}
				items := []types.TransactWriteItem{
					{Delete: &types.Delete{TableName: &s.table, Key: edgeKey(id, l, other.Value)}},
					{Delete: &types.Delete{TableName: &s.table, Key: edgeKey(other.Value, back, id)}},
					{Update: &types.Update{
						TableName: &s.table, Key: Key(other.Value), UpdateExpression: aws.String("ADD " + counter + " :d"),
						ConditionExpression: aws.String("attribute_exists(pk)"), ExpressionAttributeValues: map[string]types.AttributeValue{":d": minusOne},
					}},
				}
				if _, err := s.transact(ctx, items); err != nil {
					if _, canceled := dynamo.CanceledBy(err); !canceled {
						return failure.Wrap(err, "end follow")
					}
					if _, err := s.transact(ctx, items[:2]); err != nil { // the other account is gone
						return failure.Wrap(err, "end follow")
					}
				}
			}
			if len(out.LastEvaluatedKey) == 0 {
				break
			}
		}
	}
	return nil
}

// forgetOwnItems deletes every item under USER#<id> but the profile: sessions, codes,
// notifications and what else the domains keep beside it.
func (s *Store) forgetOwnItems(ctx context.Context, id string) error {
	in := &dynamodb.QueryInput{
		TableName: &s.table, KeyConditionExpression: aws.String("pk = :pk"), ProjectionExpression: aws.String("pk, sk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: "USER#" + id}},
		ConsistentRead:            aws.Bool(true),
	}
	p := dynamodb.NewQueryPaginator(s.db, in)
	for p.HasMorePages() {
		out, err := p.NextPage(ctx)
		if err != nil {
			return failure.Wrap(err, "list account items")
		}
		for _, it := range out.Items {
			if sk, _ := it["sk"].(*types.AttributeValueMemberS); sk == nil || sk.Value == skProfile {
				continue
			}
			if _, err := s.db.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: &s.table, Key: it}); err != nil {
				return failure.Wrap(err, "delete account item")
			}
		}
	}
	return nil
}

// guardFree is the condition under which a username guard may be (re)taken: none there, or
// one a deleted account held past its UsernameHold.
func guardFree(now time.Time) (*string, map[string]types.AttributeValue) {
	return aws.String("attribute_not_exists(pk) OR (attribute_exists(expires_at) AND expires_at < :guardnow)"),
		map[string]types.AttributeValue{":guardnow": &types.AttributeValueMemberN{Value: strconv.FormatInt(now.Unix(), 10)}}
}

// heldUntil is when a guard item read stops holding its value: zero for a live account's.
func heldUntil(item map[string]types.AttributeValue) time.Time {
	if n, ok := item["expires_at"].(*types.AttributeValueMemberN); ok {
		if v, err := strconv.ParseInt(strings.TrimSpace(n.Value), 10, 64); err == nil {
			return time.Unix(v, 0)
		}
	}
	return time.Time{}
}

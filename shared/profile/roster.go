package profile

import (
	"context"
	"encoding/base64"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
)

// The roster is every account in username order, for the admin area's user list and its search
// by username or email prefix. It lives in the Users table as small items of one partition:
//
//	pk=ROSTER  sk=u#<lowercase username>#<id>   id, name (the lowercase username)
//	pk=ROSTER  sk=e#<email>#<id>                id, name
//	pk=ROSTER  sk=COUNT#<0..7>                  n: how many accounts it holds, in shards
//
// written in the transactions that create an account and change its username (Create, Reclaim),
// so the list is always what the profiles are. A page of the whole list is one Query of its
// u# items plus one BatchGetItem of the page's profiles, its total one Query of the count
// shards (spread so that concurrent sign-ups do not collide on one item); a page
// asked for by number alone walks the (small) items before it. A search reads the u# and e#
// items that begin with its prefix (about 100 bytes each, so a prefix matching 10,000 accounts
// reads about 1 MB) and then the page's profiles: no request scans the table. Every sign-up
// writes to this one partition, far below the thousand writes a second a partition takes.
const (
	rosterPK      = "ROSTER"
	rosterCountSK = "COUNT#"
	rosterShards  = 8
	rosterByName  = "u#"
	rosterByEmail = "e#"
)

type rosterItem struct {
	PK   string `dynamodbav:"pk"`
	SK   string `dynamodbav:"sk"`
	ID   string `dynamodbav:"id"`
	Name string `dynamodbav:"name"`
}

func rosterSK(kind, value, id string) map[string]types.AttributeValue {
	return itemKeyOf(rosterPK, kind+value+"#"+id)
}

func itemKeyOf(pk, sk string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: pk},
		"sk": &types.AttributeValueMemberS{Value: sk},
	}
}

// rosterPuts are the writes that list p in the roster, under its username and its email.
func (s *Store) rosterPuts(p Profile, cond *string) []types.TransactWriteItem {
	name := usernameKey(p.Username)
	byName, _ := attributevalue.MarshalMap(rosterItem{PK: rosterPK, SK: rosterByName + name + "#" + p.ID, ID: p.ID, Name: name})
	byEmail, _ := attributevalue.MarshalMap(rosterItem{PK: rosterPK, SK: rosterByEmail + NormalizeEmail(p.Email) + "#" + p.ID, ID: p.ID, Name: name})
	return []types.TransactWriteItem{
		{Put: &types.Put{TableName: &s.table, Item: byName, ConditionExpression: cond}},
		{Put: &types.Put{TableName: &s.table, Item: byEmail}},
	}
}

// rosterCount is the write that adds n to the roster's size, on a random shard.
func (s *Store) rosterCount(n int) types.TransactWriteItem {
	return types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: itemKeyOf(rosterPK, rosterCountSK+strconv.Itoa(rand.IntN(rosterShards))),
		UpdateExpression:          aws.String("ADD n :n"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":n": &types.AttributeValueMemberN{Value: strconv.Itoa(n)}},
	}}
}

// enrollItems are the writes that add a new account p to the roster.
func (s *Store) enrollItems(p Profile) []types.TransactWriteItem {
	return append(s.rosterPuts(p, nil), s.rosterCount(1))
}

// renameItems are the writes that move an account from old's username to p's in the roster.
func (s *Store) renameItems(old, p Profile) []types.TransactWriteItem {
	if usernameKey(old.Username) == usernameKey(p.Username) {
		return nil
	}
	p.ID, p.Email = old.ID, old.Email
	return append(s.rosterPuts(p, nil), types.TransactWriteItem{Delete: &types.Delete{
		TableName: &s.table, Key: rosterSK(rosterByName, usernameKey(old.Username), old.ID),
	}})
}

// Enroll lists account id in the roster if it is not listed yet, as its profile now reads: how an
// existing deployment lists the accounts made before the roster existed (functions/search's
// backfill calls it through Reindex). Listing an account twice changes nothing.
func (s *Store) Enroll(ctx context.Context, id string) error {
	a, err := s.Account(ctx, id)
	if err != nil {
		return err
	}
	check := types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
		TableName: &s.table, Key: Key(id),
		ConditionExpression:       aws.String("username = :u"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":u": &types.AttributeValueMemberS{Value: a.Username}},
	}}
	items := append([]types.TransactWriteItem{check}, s.rosterPuts(a.Profile, aws.String("attribute_not_exists(pk)"))...)
	err = dynamo.Transact(ctx, s.db, append(items, s.rosterCount(1)))
	if failed, ok := dynamo.CanceledBy(err); ok {
		if dynamo.OnlyCanceledBy(failed, 1) {
			return nil // listed already
		}
		return ErrChanged
	}
	if err != nil {
		return failure.Wrap(err, "enroll account")
	}
	return nil
}

// RosterRequest asks for one page of the roster: accounts whose username or email begins with
// Search (any case; "" for all), Limit of them, after Cursor (a page's Next) or else after the
// first Skip.
type RosterRequest struct {
	Search string
	Limit  int
	Cursor string
	Skip   int
}

// RosterPage is one page of the roster, in username order.
type RosterPage struct {
	Accounts []Account
	Total    int64  // accounts that match, on every page
	Next     string // the next page's cursor, "" on the last page
}

// ErrBadRosterCursor refuses a cursor Roster did not make.
var ErrBadRosterCursor = failure.New(failure.Invalid, "Invalid cursor.")

// RosterTotal is how many accounts match search: what a page number is checked against.
func (s *Store) RosterTotal(ctx context.Context, search string) (int64, error) {
	search = NormalizeEmail(search)
	if search == "" {
		return s.rosterSize(ctx)
	}
	keys, err := s.rosterMatches(ctx, search)
	return int64(len(keys)), err
}

// Roster returns one page of the roster (see RosterRequest).
func (s *Store) Roster(ctx context.Context, r RosterRequest) (RosterPage, error) {
	r.Limit = max(r.Limit, 1)
	after := ""
	if r.Cursor != "" {
		raw, err := base64.RawURLEncoding.DecodeString(r.Cursor)
		if err != nil || !strings.Contains(string(raw), "#") {
			return RosterPage{}, ErrBadRosterCursor
		}
		after, r.Skip = string(raw), 0
	}
	search := NormalizeEmail(r.Search)
	var (
		keys  []string // roster keys of the page and, when there is one, the next page's first
		total int64
		err   error
	)
	if search == "" {
		if total, err = s.rosterSize(ctx); err != nil {
			return RosterPage{}, err
		}
		keys, err = s.rosterWalk(ctx, after, r.Skip, r.Limit+1)
	} else {
		var all []string
		all, err = s.rosterMatches(ctx, search)
		total = int64(len(all))
		from := r.Skip
		if after != "" {
			from, _ = slices.BinarySearch(all, after+"\x00") // the first key past after
		}
		keys = all[min(from, len(all)):min(from+r.Limit+1, len(all))]
	}
	if err != nil {
		return RosterPage{}, err
	}
	page := RosterPage{Total: total}
	if len(keys) > r.Limit {
		keys = keys[:r.Limit]
		page.Next = base64.RawURLEncoding.EncodeToString([]byte(keys[len(keys)-1]))
	}
	page.Accounts, err = s.accountsOf(ctx, keys)
	return page, err
}

// rosterSize sums the count shards.
func (s *Store) rosterSize(ctx context.Context) (int64, error) {
	out, err := s.db.Query(ctx, &dynamodb.QueryInput{
		TableName: &s.table, ConsistentRead: aws.Bool(true),
		KeyConditionExpression: aws.String("pk = :pk AND begins_with(sk, :c)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": &types.AttributeValueMemberS{Value: rosterPK}, ":c": &types.AttributeValueMemberS{Value: rosterCountSK},
		},
	})
	if err != nil {
		return 0, failure.Wrap(err, "read roster size")
	}
	var total int64
	for _, it := range out.Items {
		var c struct {
			N int64 `dynamodbav:"n"`
		}
		if err := attributevalue.UnmarshalMap(it, &c); err == nil {
			total += c.N
		}
	}
	return max(total, 0), nil
}

// rosterWalk returns the roster keys of up to n accounts in username order, past the first skip
// after the key after ("" for the start).
func (s *Store) rosterWalk(ctx context.Context, after string, skip, n int) ([]string, error) {
	in := &dynamodb.QueryInput{
		TableName:                 &s.table,
		KeyConditionExpression:    aws.String("pk = :pk AND begins_with(sk, :p)"),
		ProjectionExpression:      aws.String("sk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: rosterPK}, ":p": &types.AttributeValueMemberS{Value: rosterByName}},
	}
	if after != "" {
		in.ExclusiveStartKey = itemKeyOf(rosterPK, rosterByName+after)
	}
	var keys []string
	for {
		in.Limit = aws.Int32(int32(min(skip+n-len(keys), 1000)))
		out, err := s.db.Query(ctx, in)
		if err != nil {
			return nil, failure.Wrap(err, "read roster")
		}
		for _, it := range out.Items {
			if sk, ok := it["sk"].(*types.AttributeValueMemberS); ok {
				keys = append(keys, strings.TrimPrefix(sk.Value, rosterByName))
			}
		}
		if len(keys) >= skip+n || len(out.LastEvaluatedKey) == 0 {
			break
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
	return keys[min(skip, len(keys)):], nil
}

// rosterMatches returns the roster keys of every account whose username or email begins with
// prefix (already lowercase), each once, in username order.
func (s *Store) rosterMatches(ctx context.Context, prefix string) ([]string, error) {
	seen := map[string]bool{}
	var keys []string
	for _, kind := range []string{rosterByName, rosterByEmail} {
		in := &dynamodb.QueryInput{
			TableName:                &s.table,
			KeyConditionExpression:   aws.String("pk = :pk AND begins_with(sk, :p)"),
			ProjectionExpression:     aws.String("#id, #name"),
			ExpressionAttributeNames: map[string]string{"#id": "id", "#name": "name"},
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":pk": &types.AttributeValueMemberS{Value: rosterPK}, ":p": &types.AttributeValueMemberS{Value: kind + prefix},
			},
		}
		for {
			out, err := s.db.Query(ctx, in)
			if err != nil {
				return nil, failure.Wrap(err, "search roster")
			}
			for _, av := range out.Items {
				var it rosterItem
				if err := attributevalue.UnmarshalMap(av, &it); err != nil || it.ID == "" {
					continue
				}
				if k := it.Name + "#" + it.ID; !seen[k] {
					seen[k] = true
					keys = append(keys, k)
				}
			}
			if len(out.LastEvaluatedKey) == 0 {
				break
			}
			in.ExclusiveStartKey = out.LastEvaluatedKey
		}
	}
	slices.Sort(keys)
	return keys, nil
}

// accountsOf reads the accounts of roster keys in one BatchGetItem, in the keys' order. An
// account gone meanwhile is left out.
func (s *Store) accountsOf(ctx context.Context, keys []string) ([]Account, error) {
	ids := make([]string, len(keys))
	for i, k := range keys {
		ids[i] = k[strings.LastIndexByte(k, '#')+1:]
	}
	items, err := s.batchRead(ctx, profileKeys(ids), nil)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]Account, len(items))
	for _, it := range items {
		a, err := FromItem(it)
		if err != nil {
			return nil, err
		}
		byID[a.ID] = a
	}
	out := make([]Account, 0, len(ids))
	for _, id := range ids {
		if a, ok := byID[id]; ok {
			out = append(out, a)
		}
	}
	return out, nil
}

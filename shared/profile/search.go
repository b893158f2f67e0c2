package profile

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
	"zuum/shared/search"
)

// A profile is found by its username and full name (see shared/search). Its token items live in
// the Users table beside it:
//
//	pk=SEARCH#<token>   sk=<created_at, fixed width>#<id>   id, kind=user, words
//
// written and removed in the transactions that create the profile and change its names.

// sortTime is a creation time in a form that sorts as it reads.
const sortTime = "2006-01-02T15:04:05.000000000Z"

// SearchSK is the sort key of p's items in the token partitions: oldest first, so a query that
// reads backwards lists the newest accounts first.
func SearchSK(p Profile) string { return p.CreatedAt.UTC().Format(sortTime) + "#" + p.ID }

// searchWords are the words p is found by.
func searchWords(p Profile) []string {
	return search.Words(p.Username, p.FirstName, p.MiddleName, p.LastName)
}

// searchTokens are the tokens p is indexed under.
func searchTokens(p Profile) []string {
	return search.Tokens(searchWords(p), search.MaxProfileTokens)
}

// indexItems are the writes that index p.
func (s *Store) indexItems(p Profile) []types.TransactWriteItem {
	return search.Puts(s.table, search.Doc{SK: SearchSK(p), ID: p.ID, Kind: "user", Words: searchWords(p)}, searchTokens(p))
}

// reindexItems are the writes that move p's index from what old was found by to what p is:
// the tokens old had and p has not are deleted, p's are (re)written with its words.
func (s *Store) reindexItems(old, p Profile) []types.TransactWriteItem {
	items := s.indexItems(p)
	if SearchSK(old) != SearchSK(p) {
		return append(items, search.Deletes(s.table, SearchSK(old), searchTokens(old))...)
	}
	return append(items, search.Deletes(s.table, SearchSK(old), search.Without(searchTokens(old), searchTokens(p)))...)
}

// Reindex (re)writes the token items of account id as its profile now reads, on condition that
// its username and names are still those read, and lists it in the roster (Enroll): how an
// existing deployment indexes the accounts made before search and the roster existed. Writing them again changes nothing, so it may run any number of
// times.
func (s *Store) Reindex(ctx context.Context, id string) error {
	a, err := s.Account(ctx, id)
	if err != nil {
		return err
	}
	str := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	check := types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
		TableName: &s.table, Key: Key(id),
		ConditionExpression:      aws.String("#u = :u AND #f = :f AND #m = :m AND #l = :l"),
		ExpressionAttributeNames: map[string]string{"#u": "username", "#f": "firstname", "#m": "middlename", "#l": "lastname"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":u": str(a.Username), ":f": str(a.FirstName), ":m": str(a.MiddleName), ":l": str(a.LastName),
		},
	}}
	err = dynamo.Transact(ctx, s.db, append([]types.TransactWriteItem{check}, s.indexItems(a.Profile)...))
	if failed, ok := dynamo.CanceledBy(err); ok && len(failed) > 0 {
		return ErrChanged // renamed meanwhile: the rename wrote its own tokens
	}
	if err != nil {
		return failure.Wrap(err, "reindex profile")
	}
	return s.Enroll(ctx, id)
}

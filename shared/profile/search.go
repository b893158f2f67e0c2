package profile

import (
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

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

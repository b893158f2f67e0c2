// Package search is the layout of the search index Zuum keeps in DynamoDB beside the data it
// indexes: which words a document (a profile, a post) is found by, the token items that make
// them findable, and how a query is read. The profile and post stores write a document's token
// items in the same transaction as the document, and delete them with it; shared/post reads them.
//
// A token is a prefix of a word, MinPrefix to MaxPrefix characters long, each one partition:
//
//	pk=SEARCH#<token>   sk=<the document's sort key, newest last>   id, kind, owner_id, words
//
// words holds all of the document's words, so a query reads the one partition of its longest
// word and checks the rest of its words (and the longer part of that word) against each item.
package search

import (
	"strings"
	"unicode/utf8"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/failure"
	"zuum/shared/text"
)

// Prefix lengths indexed, in characters: queries shorter than MinPrefix are refused, and words
// longer than MaxPrefix are found through their first MaxPrefix characters.
const (
	MinPrefix = 3
	MaxPrefix = 6
)

// MaxTokens bounds a document's token items, so its transaction stays within DynamoDB's 100
// items: words past the bound (a long caption's tail) are not findable.
const (
	MaxPostTokens    = 48
	MaxProfileTokens = 24
)

// PKPrefix starts every token partition's key.
const PKPrefix = "SEARCH#"

// Doc is one document as the index holds it.
type Doc struct {
	SK    string   // its sort key in every token partition: newest sorts last
	ID    string   // the post or user id
	Kind  string   // "user", or the post's kind
	Owner string   // a post's owner ("" for a user)
	Words []string // the words it is found by (text.Words)
}

// Words returns the distinct words of texts, in order.
func Words(texts ...string) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range texts {
		for _, w := range text.Words(t) {
			if !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
		}
	}
	return out
}

// Tokens returns the distinct tokens of words, at most max: for each word long enough, its
// prefixes of MinPrefix to MaxPrefix characters.
func Tokens(words []string, max int) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range words {
		runes := []rune(w)
		for n := MinPrefix; n <= min(len(runes), MaxPrefix); n++ {
			t := string(runes[:n])
			if seen[t] {
				continue
			}
			if len(out) == max {
				return out
			}
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// Key is the key of d's item in token t's partition.
func Key(t, sk string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: PKPrefix + t},
		"sk": &types.AttributeValueMemberS{Value: sk},
	}
}

// Puts are the writes that index d in table under tokens.
func Puts(table string, d Doc, tokens []string) []types.TransactWriteItem {
	out := make([]types.TransactWriteItem, 0, len(tokens))
	for _, t := range tokens {
		item := Key(t, d.SK)
		item["id"] = &types.AttributeValueMemberS{Value: d.ID}
		item["kind"] = &types.AttributeValueMemberS{Value: d.Kind}
		item["words"] = &types.AttributeValueMemberS{Value: strings.Join(d.Words, " ")}
		if d.Owner != "" {
			item["owner_id"] = &types.AttributeValueMemberS{Value: d.Owner}
		}
		out = append(out, types.TransactWriteItem{Put: &types.Put{TableName: aws.String(table), Item: item}})
	}
	return out
}

// Deletes are the writes that remove the document at sk from tokens' partitions.
func Deletes(table, sk string, tokens []string) []types.TransactWriteItem {
	out := make([]types.TransactWriteItem, 0, len(tokens))
	for _, t := range tokens {
		out = append(out, types.TransactWriteItem{Delete: &types.Delete{TableName: aws.String(table), Key: Key(t, sk)}})
	}
	return out
}

// Without returns the tokens of old that are not in new.
func Without(old, new []string) []string {
	keep := map[string]bool{}
	for _, t := range new {
		keep[t] = true
	}
	var out []string
	for _, t := range old {
		if !keep[t] {
			out = append(out, t)
		}
	}
	return out
}

// ErrShort refuses a query without a word of MinPrefix characters.
var ErrShort = failure.New(failure.Invalid, "Type at least 3 letters to search.")

// MaxQuery bounds a search text, in characters.
const MaxQuery = 100

// ErrLong refuses a search text longer than MaxQuery.
var ErrLong = failure.New(failure.Invalid, "Search text must be at most 100 characters.")

// Query is a parsed search text.
type Query struct {
	Words []string
	// Token is the partition the query reads: the first MaxPrefix characters of its longest word.
	Token string
}

// Parse reads q; a query with no word of MinPrefix characters is ErrShort.
func Parse(q string) (Query, error) {
	words := Words(q)
	longest := ""
	for _, w := range words {
		if utf8.RuneCountInString(w) > utf8.RuneCountInString(longest) {
			longest = w
		}
	}
	if utf8.RuneCountInString(q) > MaxQuery {
		return Query{}, ErrLong
	}
	if utf8.RuneCountInString(longest) < MinPrefix {
		return Query{}, ErrShort
	}
	r := []rune(longest)
	return Query{Words: words, Token: string(r[:min(len(r), MaxPrefix)])}, nil
}

// Key is the query's canonical form, which a cursor is bound to.
func (q Query) Key() string { return strings.Join(q.Words, " ") }

// Matches reports whether every word of q begins some word of words (a token item's).
func (q Query) Matches(words string) bool {
	have := strings.Fields(words)
	for _, w := range q.Words {
		found := false
		for _, h := range have {
			if strings.HasPrefix(h, w) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

package post

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"slices"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
	"zuum/shared/profile"
	"zuum/shared/search"
)

// A public post is found by its caption and its owner's username (see shared/search). Its token
// items live in the Posts table beside it, written by the transaction that publishes it and
// deleted by the one that takes it down:
//
//	pk=SEARCH#<token>   sk=<post id>   id, kind, owner_id, words
//
// Post ids are UUIDv7s, so a partition read backwards lists the newest posts first. A private
// video has no token items.

// searchWords are the words p is found by: its caption's and its owner's username's (artist,
// read from the profile when "").
func (s *Store) searchWords(ctx context.Context, p Post, artist string) ([]string, error) {
	if artist != "" {
		return search.Words(p.Caption, artist), nil
	}
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: &s.users, Key: profile.Key(p.OwnerID), ProjectionExpression: aws.String("username"),
	})
	if err != nil {
		return nil, failure.Wrap(err, "read the post's artist")
	}
	return search.Words(p.Caption, str(out.Item["username"])), nil
}

func (p Post) searchDoc() search.Doc {
	return search.Doc{SK: p.ID, ID: p.ID, Kind: string(p.Kind), Owner: p.OwnerID, Words: p.indexed}
}

// indexItems are the writes that make p findable (none for a post without words).
func (s *Store) indexItems(p Post) []types.TransactWriteItem {
	return search.Puts(s.table, p.searchDoc(), search.Tokens(p.indexed, search.MaxPostTokens))
}

// unindexItems are the writes that remove p from the index.
func (s *Store) unindexItems(p Post) []types.TransactWriteItem {
	return search.Deletes(s.table, p.ID, search.Tokens(p.indexed, search.MaxPostTokens))
}

// SearchType is what a search looks for.
type SearchType string

// The search types: everything, or one list.
const (
	SearchAll    SearchType = "all"
	SearchPeople SearchType = "people"
	SearchTracks SearchType = "tracks"
	SearchVideos SearchType = "videos"
	SearchBeats  SearchType = "beats"
)

// searchKinds is the post kind each type lists ("" for any).
var searchKinds = map[SearchType]Kind{SearchAll: "", SearchTracks: Audio, SearchVideos: Video, SearchBeats: Beat}

// ErrBadSearchType refuses an unknown type.
var ErrBadSearchType = failure.New(failure.Invalid, "type must be all, people, tracks, videos or beats.")

// ErrBadSearchCursor refuses a cursor that is not one Search gave for this query and type.
var ErrBadSearchCursor = failure.New(failure.Invalid, "Invalid cursor.")

// SearchRequest is one page of a search.
type SearchRequest struct {
	Query  search.Query
	Type   SearchType
	Limit  int    // per list
	Cursor string // "" for the first page
}

// SearchResult is one page of people and posts, and the next page's cursor ("" when both lists
// are done).
type SearchResult struct {
	People []profile.Profile
	Posts  []Entry
	Next   string
}

// searchCursor is where each list stopped: after the item with that sort key ("" from the
// start); a list absent is done.
type searchCursor struct {
	Query  string  `json:"q"`
	Type   string  `json:"t"`
	People *string `json:"u,omitempty"`
	Posts  *string `json:"p,omitempty"`
}

// Token reads per list and page: a page whose words filter out much of a partition stops
// there and says where to go on, so a query costs at most this many reads per list.
const searchReads = 2

// Search returns one page of what q finds for viewer: the token partition of q's longest word is
// read newest first in the Users table (people) and the Posts table (posts) at once, each item
// checked against all of q's words, then the people, posts, the viewer's likes and the posts'
// owners are read in one BatchGetItem. Deactivated and unverified accounts, their posts and
// private videos are left out. People of a page are listed most followed first.
func (s *Store) Search(ctx context.Context, viewer string, r SearchRequest) (SearchResult, error) {
	kind, posts := searchKinds[r.Type]
	people := r.Type == SearchAll || r.Type == SearchPeople
	if !posts && !people {
		return SearchResult{}, ErrBadSearchType
	}
	cur := searchCursor{Query: r.Query.Key(), Type: string(r.Type)}
	start := ""
	if people {
		cur.People = &start
	}
	if posts {
		cur.Posts = &start
	}
	if r.Cursor != "" {
		var err error
		if cur, err = decodeSearchCursor(r.Cursor, cur); err != nil {
			return SearchResult{}, err
		}
	}
	var (
		wg                 sync.WaitGroup
		userHits, postHits []map[string]types.AttributeValue
		userErr, postErr   error
		next               = searchCursor{Query: cur.Query, Type: cur.Type}
	)
	if cur.People != nil {
		wg.Go(func() {
			userHits, next.People, userErr = s.readTokens(ctx, s.users, r.Query, *cur.People, r.Limit, nil)
		})
	}
	if cur.Posts != nil {
		wg.Go(func() {
			keep := func(k string) bool { return kind == "" || Kind(k) == kind }
			postHits, next.Posts, postErr = s.readTokens(ctx, s.table, r.Query, *cur.Posts, r.Limit, keep)
		})
	}
	wg.Wait()
	if userErr != nil || postErr != nil {
		return SearchResult{}, failure.Wrap(errors.Join(userErr, postErr), "search")
	}
	postKeys := keyset{table: s.table, consistent: true}
	userKeys := keyset{table: s.users}
	seen := map[string]bool{}
	addUser := func(id string) {
		if !seen[id] {
			seen[id] = true
			userKeys.keys = append(userKeys.keys, profile.Key(id))
		}
	}
	refs := make([]postRef, 0, len(postHits))
	for _, it := range postHits {
		ref := postRef{postID: str(it["id"]), ownerID: str(it["owner_id"])}
		refs = append(refs, ref)
		postKeys.keys = append(postKeys.keys, postKey(ref.postID), itemKey(postPrefix+ref.postID, reactPrefix+viewer))
		addUser(ref.ownerID)
	}
	for _, it := range userHits {
		addUser(str(it["id"]))
	}
	var res SearchResult
	if len(userKeys.keys) > 0 {
		got, err := s.batchGet(ctx, postKeys, userKeys)
		if err != nil {
			return SearchResult{}, err
		}
		if res.Posts, err = s.entries(got, viewer, refs); err != nil {
			return SearchResult{}, err
		}
		for _, it := range userHits {
			pi, ok := got.get(s.users, profile.Key(str(it["id"])))
			if !ok {
				continue
			}
			a, err := profile.FromItem(pi)
			if err != nil {
				return SearchResult{}, err
			}
			if !a.Deactivated && a.Verified {
				res.People = append(res.People, a.Profile)
			}
		}
	}
	slices.SortStableFunc(res.People, func(a, b profile.Profile) int {
		switch {
		case a.FollowersCount > b.FollowersCount:
			return -1
		case a.FollowersCount < b.FollowersCount:
			return 1
		}
		return 0
	})
	if next.People != nil || next.Posts != nil {
		b, _ := json.Marshal(next)
		res.Next = base64.RawURLEncoding.EncodeToString(b)
	}
	return res, nil
}

func decodeSearchCursor(s string, want searchCursor) (searchCursor, error) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	var c searchCursor
	if err != nil || len(s) > 512 || json.Unmarshal(b, &c) != nil || c.Query != want.Query || c.Type != want.Type ||
		(c.People == nil && c.Posts == nil) {
		return searchCursor{}, ErrBadSearchCursor
	}
	return c, nil
}

// readTokens reads q's token partition of table newest first, from before the sort key after
// ("" from the start), and returns up to limit items whose words match q and whose kind keep
// accepts (nil: all), with where the next page starts (nil when the partition is done).
func (s *Store) readTokens(ctx context.Context, table string, q search.Query, after string, limit int, keep func(string) bool) ([]map[string]types.AttributeValue, *string, error) {
	in := dynamodb.QueryInput{
		TableName: &table, ScanIndexForward: aws.Bool(false),
		KeyConditionExpression:   aws.String("#pk = :pk"),
		ProjectionExpression:     aws.String("#sk, #id, #kind, #owner, #words"),
		ExpressionAttributeNames: map[string]string{"#pk": "pk", "#sk": "sk", "#id": "id", "#kind": "kind", "#owner": "owner_id", "#words": "words"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": &types.AttributeValueMemberS{Value: search.PKPrefix + q.Token},
		},
		Limit: aws.Int32(int32(min(2*limit+1, 200))),
	}
	if after != "" {
		in.KeyConditionExpression = aws.String("#pk = :pk AND #sk < :after")
		in.ExpressionAttributeValues[":after"] = &types.AttributeValueMemberS{Value: after}
	}
	var hits []map[string]types.AttributeValue
	last := after
	for range searchReads {
		out, err := s.db.Query(ctx, &in)
		if err != nil {
			return nil, nil, err
		}
		for _, it := range out.Items {
			if q.Matches(str(it["words"])) && (keep == nil || keep(str(it["kind"]))) {
				if len(hits) == limit {
					// One more than the page: the page ends at the last one kept.
					next := str(hits[limit-1]["sk"])
					return hits, &next, nil
				}
				hits = append(hits, it)
			}
			last = str(it["sk"])
		}
		if len(out.LastEvaluatedKey) == 0 {
			return hits, nil, nil
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
	return hits, &last, nil
}

// Publish writes p, a post whose files are already its own (media/ keys), as Create's
// transaction does: the post, its timeline entries and, when it is public, its search tokens
// (artist is its owner's username). p gets an id and a time when it has none. It is for posts
// made elsewhere (an import) and for the bench, which indexes thousands of posts without
// uploading each; users' posts go through Create, which checks and claims their uploads and
// tells followers.
func (s *Store) Publish(ctx context.Context, p Post, artist string) (Post, error) {
	if p.CreatedAt.IsZero() {
		p.CreatedAt = s.now().UTC()
	}
	if p.ID == "" {
		p.ID = s.ids.next(p.CreatedAt)
	}
	if p.Public {
		p.indexed = search.Words(p.Caption, artist)
	}
	items, dirs, err := s.publishItems(p)
	if err != nil {
		return Post{}, err
	}
	if err := s.transact(ctx, items); err != nil {
		return Post{}, failure.Wrap(err, "publish post")
	}
	for _, dir := range dirs {
		s.dirs.Store(dir, true)
	}
	return p, nil
}

// Reindex makes post id findable if it is public and was published before search existed: its
// words (caption and owner's username) and token items in one transaction, which holds only if
// the post is still there and still unindexed, so running it twice, or beside a delete, is safe.
// It reports whether it wrote anything. It is how an existing deployment backfills the index.
func (s *Store) Reindex(ctx context.Context, id string) (bool, error) {
	p, err := s.Get(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return false, nil
	}
	if err != nil || !p.Public || p.indexed != nil || (p.Sale != nil && p.Sale.Withdrawn) {
		return false, err
	}
	if p.indexed, err = s.searchWords(ctx, p, ""); err != nil {
		return false, err
	}
	words := make([]types.AttributeValue, len(p.indexed))
	for i, w := range p.indexed {
		words[i] = &types.AttributeValueMemberS{Value: w}
	}
	items := append([]types.TransactWriteItem{{Update: &types.Update{
		TableName: &s.table, Key: postKey(p.ID), UpdateExpression: aws.String("SET search_words = :w"),
		ConditionExpression:       aws.String("attribute_exists(pk) AND attribute_not_exists(search_words) AND attribute_not_exists(withdrawn)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":w": &types.AttributeValueMemberL{Value: words}},
	}}}, s.indexItems(p)...)
	err = s.transact(ctx, items)
	if failed, ok := dynamo.CanceledBy(err); ok && len(failed) > 0 {
		return false, nil // deleted or indexed meanwhile
	}
	if err != nil {
		return false, failure.Wrap(err, "reindex post")
	}
	return true, nil
}

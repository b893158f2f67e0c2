package post

import (
	"context"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/profile"
)

// Entry is a post as one viewer sees it: with its owner's profile (read fresh, so a new
// username or picture shows at once) and whether the viewer likes it.
type Entry struct {
	Post  Post
	Owner profile.Profile
	Liked bool
	// Own is whether the viewer owns the post (for a beat for sale: may hear all of it).
	Own bool
	// Promoted is whether the post is promoted as it is read (its window holds the store's now).
	Promoted bool
}

// Page is one page of a timeline.
type Page struct {
	Entries []Entry
	Total   int64  // entries in the whole timeline
	Number  int    // the page's 1-based number
	Next    string // the next page's cursor, "" on the last page
}

// maxDirPage bounds one directory query: a page's worth of buckets and then some.
const maxDirPage = 100

// Page returns one page of tl for viewer, newest first.
func (s *Store) Page(ctx context.Context, tl Timeline, viewer string, req PageRequest) (Page, error) {
	page, refs, err := s.locate(ctx, tl, req)
	if err != nil {
		return Page{}, err
	}
	page.Entries, page.Total, err = s.load(ctx, viewer, refs, &tl)
	return page, err
}

// locate finds the posts of one page of tl (Number and Next set; Entries and Total are load's).
func (s *Store) locate(ctx context.Context, tl Timeline, req PageRequest) (Page, []postRef, error) {
	pos, skip, err := req.start(tl.layout)
	if err != nil {
		return Page{}, nil, err
	}
	es, err := s.walk(ctx, tl, pos, skip+req.Limit+1)
	if err != nil {
		return Page{}, nil, err
	}
	es = es[min(skip, len(es)):]
	page := Page{Number: pos.Page}
	if len(es) > req.Limit {
		last := es[req.Limit-1]
		page.Next = position{Bucket: last.bucket, After: last.postID, Page: pos.Page + 1}.encode()
		es = es[:req.Limit]
	}
	refs := make([]postRef, len(es))
	for i, e := range es {
		refs[i] = postRef{e.postID, e.ownerID}
	}
	return page, refs, nil
}

// walk returns up to want entries of tl from pos on, newest first: it lists the buckets from
// the directory, then queries them in order until it has enough. The bucket the walk most likely
// starts in is queried at once with the directory: the cursor's bucket, or for a first page
// today's, where a live timeline's newest posts are. When the directory's first bucket is that
// one, its entries serve as they are, so a page within one bucket costs one round trip in
// sequence; otherwise the guess is dropped and the walk goes on as the directory says.
func (s *Store) walk(ctx context.Context, tl Timeline, pos position, want int) ([]entry, error) {
	guess := pos.Bucket
	if guess == "" {
		guess = tl.bucket(s.now())
	}
	var guessed []entry
	var guessErr error
	guessDone := make(chan struct{})
	go func() {
		defer close(guessDone)
		after := ""
		if guess == pos.Bucket {
			after = pos.After
		}
		guessed, guessErr = s.bucket(ctx, tl, guess, after, want)
	}()
	defer func() { <-guessDone }()
	first := true
	dir := dynamodb.QueryInput{
		TableName: &s.table, ScanIndexForward: aws.Bool(false),
		KeyConditionExpression:    aws.String("pk = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: tl.dirPK()}},
	}
	if pos.Bucket != "" {
		dir.KeyConditionExpression = aws.String("pk = :pk AND sk <= :b")
		dir.ExpressionAttributeValues[":b"] = &types.AttributeValueMemberS{Value: pos.Bucket}
	}
	var out []entry
	for len(out) < want {
		dir.Limit = aws.Int32(int32(min(want-len(out), maxDirPage)))
		res, err := s.db.Query(ctx, &dir)
		if err != nil {
			return nil, err
		}
		for _, it := range res.Items {
			b := str(it["sk"])
			after := ""
			if b == pos.Bucket {
				after = pos.After
			}
			var got []entry
			var err error
			if first && b == guess {
				<-guessDone
				got, err = guessed, guessErr
			} else {
				got, err = s.bucket(ctx, tl, b, after, want-len(out))
			}
			first = false
			if err != nil {
				return nil, err
			}
			if out = append(out, got...); len(out) >= want {
				return out, nil
			}
		}
		if len(res.LastEvaluatedKey) == 0 {
			break
		}
		dir.ExclusiveStartKey = res.LastEvaluatedKey
	}
	return out, nil
}

// bucket returns up to n entries of one bucket, newest first, after post id after ("" for all).
func (s *Store) bucket(ctx context.Context, tl Timeline, b, after string, n int) ([]entry, error) {
	in := dynamodb.QueryInput{
		TableName: &s.table, ScanIndexForward: aws.Bool(false),
		KeyConditionExpression:    aws.String("pk = :pk"),
		ProjectionExpression:      aws.String("sk, owner_id"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: tl.entryPK(b)}},
	}
	if after != "" {
		in.KeyConditionExpression = aws.String("pk = :pk AND sk < :after")
		in.ExpressionAttributeValues[":after"] = &types.AttributeValueMemberS{Value: after}
	}
	got, err := s.query(ctx, in, nil, n)
	if err != nil {
		return nil, err
	}
	out := make([]entry, len(got))
	for i, it := range got {
		out[i] = entry{bucket: b, postID: str(it["sk"]), ownerID: str(it["owner_id"])}
	}
	return out, nil
}

// postRef names a post to load and its owner.
type postRef struct{ postID, ownerID string }

// load reads the posts of refs with the viewer's reactions and the owners' profiles, and the
// size of counts when it is set, in one BatchGetItem (more only past 100 keys). Posts that are
// gone, that viewer may not see, or whose owner is gone or deactivated are left out.
func (s *Store) load(ctx context.Context, viewer string, refs []postRef, counts *Timeline) ([]Entry, int64, error) {
	posts := keyset{table: s.table, consistent: true}
	owners := keyset{table: s.users}
	seen := map[string]bool{}
	for _, r := range refs {
		posts.keys = append(posts.keys, postKey(r.postID), itemKey(postPrefix+r.postID, reactPrefix+viewer))
		if !seen[r.ownerID] {
			seen[r.ownerID] = true
			owners.keys = append(owners.keys, profile.Key(r.ownerID))
		}
	}
	if counts != nil {
		posts.keys = append(posts.keys, counts.countKeys()...)
	}
	got, err := s.batchGet(ctx, posts, owners)
	if err != nil {
		return nil, 0, err
	}
	var total int64
	if counts != nil {
		total = s.sum(got, *counts)
	}
	entries, err := s.entries(got, viewer, refs)
	return entries, max(total, 0), err
}

// entries are the posts of refs found in got as viewer sees them (see load).
func (s *Store) entries(got batch, viewer string, refs []postRef) ([]Entry, error) {
	entries := make([]Entry, 0, len(refs))
	now := s.now()
	for _, r := range refs {
		pi, ok := got.get(s.table, postKey(r.postID))
		if !ok {
			continue
		}
		p, err := fromItem(pi)
		if err != nil {
			return nil, err
		}
		oi, ok := got.get(s.users, profile.Key(p.OwnerID))
		if !ok || !p.VisibleTo(viewer) {
			continue
		}
		owner, err := profile.FromItem(oi)
		if err != nil {
			return nil, err
		}
		if owner.Deactivated {
			continue
		}
		_, liked := got.get(s.table, itemKey(postPrefix+r.postID, reactPrefix+viewer))
		entries = append(entries, Entry{Post: p, Owner: owner.Profile, Liked: liked, Own: p.OwnerID == viewer, Promoted: p.Promotion.Active(now)})
	}
	return entries, nil
}

// sum adds up the count shards of tl found in got.
func (s *Store) sum(got batch, tl Timeline) int64 {
	var total int64
	for _, k := range tl.countKeys() {
		if it, ok := got.get(s.table, k); ok {
			if n, ok := it["n"].(*types.AttributeValueMemberN); ok {
				v, _ := strconv.ParseInt(n.Value, 10, 64)
				total += v
			}
		}
	}
	return max(total, 0)
}

// Total is how many entries tl has, as Page reports it: what a page number is checked against
// before a page is walked to.
func (s *Store) Total(ctx context.Context, tl Timeline) (int64, error) {
	got, err := s.batchGet(ctx, keyset{table: s.table, keys: tl.countKeys(), consistent: true})
	if err != nil {
		return 0, err
	}
	return s.sum(got, tl), nil
}

// View returns post id of kind k as viewer sees it; a post of another kind, or a private video
// of someone else, is ErrNotFound.
func (s *Store) View(ctx context.Context, k Kind, id, viewer string) (Entry, error) {
	p, err := s.find(ctx, k, id, viewer)
	if err != nil {
		return Entry{}, err
	}
	es, _, err := s.load(ctx, viewer, []postRef{{p.ID, p.OwnerID}}, nil)
	if err != nil {
		return Entry{}, err
	}
	if len(es) == 0 {
		return Entry{}, ErrNotFound
	}
	return es[0], nil
}

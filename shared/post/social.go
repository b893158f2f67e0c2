package post

import (
	"context"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
	"zuum/shared/notify"
	"zuum/shared/profile"
)

// bump adds d to one of p's counters, on condition that p still exists and viewer may see it.
// It is the second item of every reaction, comment and share transaction.
func (s *Store) bump(p Post, counter string, d int, viewer string) types.TransactWriteItem {
	return types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: postKey(p.ID),
		UpdateExpression:         aws.String("ADD #c :d"),
		ConditionExpression:      aws.String("attribute_exists(pk) AND #kind = :kind AND (#public = :true OR owner_id = :viewer) AND attribute_not_exists(withdrawn)"),
		ExpressionAttributeNames: map[string]string{"#c": counter, "#kind": "kind", "#public": "public"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":d": number(d), ":kind": &types.AttributeValueMemberS{Value: string(p.Kind)},
			":true": &types.AttributeValueMemberBOOL{Value: true}, ":viewer": &types.AttributeValueMemberS{Value: viewer},
		},
	}}
}

// note is the transaction items that tell p's owner what actor did (notify.Items): none when
// actor is the owner, since nobody is told about themselves.
func (s *Store) note(p Post, actor profile.Profile, k notify.Kind, message string, at time.Time) ([]types.TransactWriteItem, error) {
	if actor.ID == p.OwnerID {
		return nil, nil
	}
	return notify.Items(s.users, notify.Notification{
		Recipient: p.OwnerID, Kind: k, ActorID: actor.ID, ActorName: actor.Username, ActorImage: actor.Image,
		PostID: p.ID, PostType: string(p.Kind), Message: message, CreatedAt: at,
	})
}

// outcome reads a transaction whose item 0 is the write and item 1 the bump: a failed bump
// means the post is gone (ErrNotFound); repeated reports a failed write alone.
func outcome(err error, what string) (repeated bool, _ error) {
	if failed, ok := dynamo.CanceledBy(err); ok && len(failed) > 0 {
		if slices.Contains(failed, 1) {
			return false, ErrNotFound
		}
		return true, nil
	}
	if err != nil {
		return false, failure.Wrap(err, what)
	}
	return false, nil
}

// Reaction is a post's likes after a like or unlike.
type Reaction struct {
	Reactions int64 // the post's likes as this reaction left them
	Liked     bool  // whether the actor now likes the post
	Changed   bool  // false when it repeated the actor's current state
}

// React likes (like) or unlikes post id of kind k for actor. The reaction item and the counter
// change in one transaction, with the owner's LIKE notification; a repeat changes nothing. The
// owner hears of one actor's like of one post once a day (notify.Once), however often it is
// undone and done again.
func (s *Store) React(ctx context.Context, k Kind, id string, actor profile.Profile, like bool) (Reaction, error) {
	if !validID(id) {
		return Reaction{}, ErrNotFound
	}
	reactKey := itemKey(postPrefix+id, reactPrefix+actor.ID)
	got, err := s.batchGet(ctx, keyset{table: s.table, keys: []map[string]types.AttributeValue{postKey(id), reactKey}, consistent: true})
	if err != nil {
		return Reaction{}, err
	}
	pi, ok := got.get(s.table, postKey(id))
	if !ok {
		return Reaction{}, ErrNotFound
	}
	p, err := fromItem(pi)
	if err != nil {
		return Reaction{}, err
	}
	if p.Kind != k || !p.VisibleTo(actor.ID) {
		return Reaction{}, ErrNotFound
	}
	unchanged := Reaction{Reactions: p.Reactions, Liked: like}
	if _, liked := got.get(s.table, reactKey); liked == like {
		return unchanged, nil
	}
	now := s.now().UTC()
	write, d := types.TransactWriteItem{Delete: &types.Delete{
		TableName: &s.table, Key: reactKey, ConditionExpression: aws.String("attribute_exists(pk)"),
	}}, -1
	if like {
		av, err := attributevalue.MarshalMap(struct {
			UserID    string `dynamodbav:"user_id"`
			CreatedAt string `dynamodbav:"created_at"`
		}{actor.ID, now.Format(time.RFC3339Nano)})
		if err != nil {
			return Reaction{}, failure.Wrap(err, "encode reaction")
		}
		for k, v := range reactKey {
			av[k] = v
		}
		write, d = types.TransactWriteItem{Put: &types.Put{TableName: &s.table, Item: av, ConditionExpression: aws.String(conditionAbsent)}}, 1
	}
	listing := types.TransactWriteItem{Delete: &types.Delete{TableName: &s.table, Key: actorReactKey(actor.ID, p.ID)}}
	if like {
		if listing, err = s.actorPut(actorItem{
			PK: actorPrefix + actor.ID, SK: reactPrefix + p.ID, PostID: p.ID, CreatedAt: now.Format(time.RFC3339Nano),
		}); err != nil {
			return Reaction{}, err
		}
	}
	// The listing under the actor (erase.go) is the third item, the notification's once-a-day
	// guard the fourth.
	items := []types.TransactWriteItem{write, s.bump(p, "reactions", d, actor.ID), listing}
	if like {
		n, err := s.note(p, actor, notify.Like, notify.LikeMessage(actor.Username), now)
		if err != nil {
			return Reaction{}, failure.Wrap(err, "like notification")
		}
		items = append(items, n...)
	}
	err = s.transact(ctx, items)
	if failed, _ := dynamo.CanceledBy(err); len(items) > 3 && dynamo.OnlyCanceledBy(failed, 3) {
		// The owner was told of this actor's like today already: like without telling again.
		err = s.transact(ctx, items[:3])
	}
	repeated, err := outcome(err, "react to post")
	if err != nil || repeated { // a concurrent twin of this reaction got there first
		return unchanged, err
	}
	return Reaction{Reactions: p.Reactions + int64(d), Liked: like, Changed: true}, nil
}

// Comment is a comment on a post, with its author's profile.
type Comment struct {
	ID        string
	PostID    string
	UserID    string
	Text      string
	CreatedAt time.Time
	Author    profile.Profile
}

type commentItem struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	ID        string `dynamodbav:"id"`
	PostID    string `dynamodbav:"post_id"`
	UserID    string `dynamodbav:"user_id"`
	Text      string `dynamodbav:"text"`
	CreatedAt string `dynamodbav:"created_at"`
}

// Comment adds actor's comment to post id of kind k: the comment, the post's count and the
// owner's COMMENT notification in one transaction.
func (s *Store) Comment(ctx context.Context, k Kind, id string, actor profile.Profile, text string) (Comment, error) {
	text, err := CommentText(text)
	if err != nil {
		return Comment{}, err
	}
	p, err := s.find(ctx, k, id, actor.ID)
	if err != nil {
		return Comment{}, err
	}
	now := s.now().UTC()
	c := Comment{ID: s.ids.next(now), PostID: p.ID, UserID: actor.ID, Text: text, CreatedAt: now, Author: actor}
	av, err := attributevalue.MarshalMap(commentItem{
		PK: postPrefix + p.ID, SK: commentPrefix + c.ID, ID: c.ID, PostID: p.ID, UserID: actor.ID, Text: text,
		CreatedAt: now.Format(time.RFC3339Nano),
	})
	if err != nil {
		return Comment{}, failure.Wrap(err, "encode comment")
	}
	listing, err := s.actorPut(actorItem{
		PK: actorPrefix + actor.ID, SK: commentPrefix + p.ID + "#" + c.ID, PostID: p.ID, CommentID: c.ID, Text: text,
		CreatedAt: now.Format(time.RFC3339Nano),
	})
	if err != nil {
		return Comment{}, err
	}
	items := []types.TransactWriteItem{
		{Put: &types.Put{TableName: &s.table, Item: av, ConditionExpression: aws.String(conditionAbsent)}},
		s.bump(p, "comments", 1, actor.ID),
		listing,
	}
	n, err := s.note(p, actor, notify.Comment, notify.CommentMessage(actor.Username, text), now)
	if err != nil {
		return Comment{}, failure.Wrap(err, "comment notification")
	}
	items = append(items, n...)
	if _, err := outcome(s.transact(ctx, items), "add comment"); err != nil {
		return Comment{}, err
	}
	return c, nil
}

// CommentPage is one page of a post's comments, newest first.
type CommentPage struct {
	Comments []Comment
	Total    int64
	Number   int
	Next     string
}

// CommentTotal is how many comments post id of kind k has, as viewer may see it (else
// ErrNotFound): what a page number of Comments is checked against before it is walked to.
func (s *Store) CommentTotal(ctx context.Context, k Kind, id, viewer string) (int64, error) {
	if !validID(id) {
		return 0, ErrNotFound
	}
	p, err := s.find(ctx, k, id, viewer)
	if err != nil {
		return 0, err
	}
	return p.Comments, nil
}

// Comments returns a page of the comments on post id of kind k, with their authors' profiles
// (comments of deleted or deactivated accounts are left out).
func (s *Store) Comments(ctx context.Context, k Kind, id, viewer string, req PageRequest) (CommentPage, error) {
	if !validID(id) {
		return CommentPage{}, ErrNotFound
	}
	pos, skip, err := req.start("")
	if err != nil {
		return CommentPage{}, err
	}
	pk := postPrefix + id
	in := dynamodb.QueryInput{
		TableName: &s.table, ScanIndexForward: aws.Bool(false),
		KeyConditionExpression: aws.String("pk = :pk AND begins_with(sk, :c)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": &types.AttributeValueMemberS{Value: pk}, ":c": &types.AttributeValueMemberS{Value: commentPrefix},
		},
	}
	var start map[string]types.AttributeValue
	if pos.After != "" {
		start = itemKey(pk, commentPrefix+pos.After)
	}
	var list []map[string]types.AttributeValue
	past := false // the page lies past the last comment
	if skip > 0 {
		keys := in
		keys.ProjectionExpression = aws.String("pk, sk")
		skipped, err := s.query(ctx, keys, start, skip)
		if err != nil {
			return CommentPage{}, err
		}
		if past = len(skipped) < skip; !past {
			start = itemKey(pk, str(skipped[skip-1]["sk"]))
		}
	}
	if !past {
		if list, err = s.query(ctx, in, start, req.Limit+1); err != nil {
			return CommentPage{}, err
		}
	}
	page := CommentPage{Number: pos.Page}
	var decoded []commentItem
	if err := attributevalue.UnmarshalListOfMaps(list, &decoded); err != nil {
		return CommentPage{}, failure.Wrap(err, "decode comments")
	}
	if len(decoded) > req.Limit {
		page.Next = position{After: decoded[req.Limit-1].ID, Page: pos.Page + 1}.encode()
		decoded = decoded[:req.Limit]
	}
	authors := keyset{table: s.users}
	seen := map[string]bool{}
	for _, c := range decoded {
		if !seen[c.UserID] {
			seen[c.UserID] = true
			authors.keys = append(authors.keys, profile.Key(c.UserID))
		}
	}
	got, err := s.batchGet(ctx, keyset{table: s.table, keys: []map[string]types.AttributeValue{postKey(id)}, consistent: true}, authors)
	if err != nil {
		return CommentPage{}, err
	}
	pi, ok := got.get(s.table, postKey(id))
	if !ok {
		return CommentPage{}, ErrNotFound
	}
	p, err := fromItem(pi)
	if err != nil {
		return CommentPage{}, err
	}
	if p.Kind != k || !p.VisibleTo(viewer) {
		return CommentPage{}, ErrNotFound
	}
	page.Total = p.Comments
	page.Comments = make([]Comment, 0, len(decoded))
	for _, c := range decoded {
		ai, ok := got.get(s.users, profile.Key(c.UserID))
		if !ok {
			continue
		}
		author, err := profile.FromItem(ai)
		if err != nil {
			return CommentPage{}, err
		}
		if author.Deactivated {
			continue
		}
		created, _ := time.Parse(time.RFC3339Nano, c.CreatedAt)
		page.Comments = append(page.Comments, Comment{
			ID: c.ID, PostID: c.PostID, UserID: c.UserID, Text: c.Text, CreatedAt: created, Author: author.Profile,
		})
	}
	return page, nil
}

// Share is a new share of a post.
type Share struct {
	ID     string
	PostID string
	Shares int64 // the post's shares as this one left them
}

type shareItem struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	ShareID   string `dynamodbav:"share_id"`
	PostID    string `dynamodbav:"post_id"`
	OwnerID   string `dynamodbav:"owner_id"`
	Kind      Kind   `dynamodbav:"kind"`
	UserID    string `dynamodbav:"user_id"`
	CreatedAt string `dynamodbav:"created_at"`
}

// Share records actor sharing post id of kind k: the share under the post, its lookup item
// and the post's count, in one transaction.
func (s *Store) Share(ctx context.Context, k Kind, id string, actor profile.Profile) (Share, error) {
	p, err := s.find(ctx, k, id, actor.ID)
	if err != nil {
		return Share{}, err
	}
	now := s.now().UTC()
	sh := shareItem{
		PK: postPrefix + p.ID, SK: sharePrefix + s.ids.next(now), PostID: p.ID, OwnerID: p.OwnerID, Kind: p.Kind,
		UserID: actor.ID, CreatedAt: now.Format(time.RFC3339Nano),
	}
	sh.ShareID = sh.SK[len(sharePrefix):]
	under, err := attributevalue.MarshalMap(sh)
	if err != nil {
		return Share{}, failure.Wrap(err, "encode share")
	}
	sh.PK, sh.SK = sharePrefix+sh.ShareID, skShare
	lookup, err := attributevalue.MarshalMap(sh)
	if err != nil {
		return Share{}, failure.Wrap(err, "encode share")
	}
	absent := aws.String(conditionAbsent)
	items := []types.TransactWriteItem{
		{Put: &types.Put{TableName: &s.table, Item: under, ConditionExpression: absent}},
		s.bump(p, "shares", 1, actor.ID),
		{Put: &types.Put{TableName: &s.table, Item: lookup, ConditionExpression: absent}},
	}
	if _, err := outcome(s.transact(ctx, items), "share post"); err != nil {
		return Share{}, err
	}
	return Share{ID: sh.ShareID, PostID: p.ID, Shares: p.Shares + 1}, nil
}

// Shared returns the post that share shareID points to, if it is of kind k and viewer may see
// it; else ErrNotFound.
func (s *Store) Shared(ctx context.Context, k Kind, shareID, viewer string) (Entry, error) {
	if !validID(shareID) {
		return Entry{}, ErrNotFound
	}
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: &s.table, Key: itemKey(sharePrefix+shareID, skShare), ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return Entry{}, failure.Wrap(err, "get share")
	}
	var sh shareItem
	if out.Item == nil {
		return Entry{}, ErrNotFound
	}
	if err := attributevalue.UnmarshalMap(out.Item, &sh); err != nil {
		return Entry{}, failure.Wrap(err, "decode share")
	}
	if sh.Kind != k {
		return Entry{}, ErrNotFound
	}
	es, _, err := s.load(ctx, viewer, []postRef{{sh.PostID, sh.OwnerID}}, nil)
	if err != nil {
		return Entry{}, err
	}
	if len(es) == 0 {
		return Entry{}, ErrNotFound
	}
	return es[0], nil
}

package post

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
)

// What a user did to other people's posts is also listed under the user, so that their data can
// be exported and erased without reading the whole table (the Posts table has no index):
//
//	pk=ACTOR#<userId>   sk=COMMENT#<postId>#<commentId>   post_id, comment_id, text, created_at
//	pk=ACTOR#<userId>   sk=REACT#<postId>                 post_id, created_at
//
// Each is written and deleted in the transaction of the comment or reaction it lists.
const actorPrefix = "ACTOR#"

type actorItem struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	PostID    string `dynamodbav:"post_id"`
	CommentID string `dynamodbav:"comment_id,omitempty"`
	Text      string `dynamodbav:"text,omitempty"`
	CreatedAt string `dynamodbav:"created_at"`
}

func actorCommentKey(user, postID, commentID string) map[string]types.AttributeValue {
	return itemKey(actorPrefix+user, commentPrefix+postID+"#"+commentID)
}

func actorReactKey(user, postID string) map[string]types.AttributeValue {
	return itemKey(actorPrefix+user, reactPrefix+postID)
}

// actorPut is the write of a's listing under its user.
func (s *Store) actorPut(a actorItem) (types.TransactWriteItem, error) {
	av, err := attributevalue.MarshalMap(a)
	if err != nil {
		return types.TransactWriteItem{}, failure.Wrap(err, "encode actor item")
	}
	return types.TransactWriteItem{Put: &types.Put{TableName: &s.table, Item: av}}, nil
}

// Activity is what a user did to posts: their comments and likes, as the export lists them.
type Activity struct {
	Comments []Comment
	Likes    []Like
}

// Like is a user's like of a post.
type Like struct {
	PostID    string
	CreatedAt time.Time
}

// ActivityOf lists user's comments and likes.
func (s *Store) ActivityOf(ctx context.Context, user string) (Activity, error) {
	items, err := s.actorItems(ctx, user)
	if err != nil {
		return Activity{}, err
	}
	act := Activity{Comments: []Comment{}, Likes: []Like{}}
	for _, it := range items {
		at, _ := time.Parse(time.RFC3339Nano, it.CreatedAt)
		if it.CommentID != "" {
			act.Comments = append(act.Comments, Comment{ID: it.CommentID, PostID: it.PostID, UserID: user, Text: it.Text, CreatedAt: at})
		} else {
			act.Likes = append(act.Likes, Like{PostID: it.PostID, CreatedAt: at})
		}
	}
	return act, nil
}

func (s *Store) actorItems(ctx context.Context, user string) ([]actorItem, error) {
	in := &dynamodb.QueryInput{
		TableName: &s.table, KeyConditionExpression: aws.String("pk = :pk"), ConsistentRead: aws.Bool(true),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: actorPrefix + user}},
	}
	var all []actorItem
	p := dynamodb.NewQueryPaginator(s.db, in)
	for p.HasMorePages() {
		out, err := p.NextPage(ctx)
		if err != nil {
			return nil, failure.Wrap(err, "list activity")
		}
		var items []actorItem
		if err := attributevalue.UnmarshalListOfMaps(out.Items, &items); err != nil {
			return nil, failure.Wrap(err, "decode activity")
		}
		all = append(all, items...)
	}
	return all, nil
}

// ForgetActor removes user's comments and likes, each with its post's counter and its listing in
// one transaction, so a run stopped midway is finished by running it again. A comment or like
// already gone (its post deleted and purged) only loses its listing.
func (s *Store) ForgetActor(ctx context.Context, user string) error {
	items, err := s.actorItems(ctx, user)
	if err != nil {
		return err
	}
	for _, it := range items {
		listing := actorReactKey(user, it.PostID)
		target, counter := itemKey(postPrefix+it.PostID, reactPrefix+user), "reactions"
		if it.CommentID != "" {
			listing = actorCommentKey(user, it.PostID, it.CommentID)
			target, counter = itemKey(postPrefix+it.PostID, commentPrefix+it.CommentID), "comments"
		}
		err := s.transact(ctx, []types.TransactWriteItem{
			{Delete: &types.Delete{TableName: &s.table, Key: target, ConditionExpression: aws.String("attribute_exists(pk)")}},
			{Update: &types.Update{
				TableName: &s.table, Key: postKey(it.PostID), UpdateExpression: aws.String("ADD #c :d"),
				ConditionExpression:       aws.String("attribute_exists(pk)"),
				ExpressionAttributeNames:  map[string]string{"#c": counter},
				ExpressionAttributeValues: map[string]types.AttributeValue{":d": number(-1)},
			}},
			{Delete: &types.Delete{TableName: &s.table, Key: listing}},
		})
		if _, canceled := dynamo.CanceledBy(err); canceled {
			// The comment or like, or its post, is gone already: drop the listing and what is left.
			err = s.deleteAll(ctx, []map[string]types.AttributeValue{target, listing})
		}
		if err != nil {
			return failure.Wrap(err, "forget activity")
		}
	}
	return nil
}

// maxOwned bounds how many posts of one kind Owned reads.
const maxOwned = 10_000

// Owned returns every post of ownerID (audio, videos private ones included, beats for sale
// not withdrawn), newest first within a kind, whatever the state of the owner's account.
func (s *Store) Owned(ctx context.Context, ownerID string) ([]Post, error) {
	var out []Post
	for _, tl := range []Timeline{UserAudio(ownerID), UserVideos(ownerID), UserBeats(ownerID)} {
		es, err := s.walk(ctx, tl, position{}, maxOwned)
		if err != nil {
			return nil, err
		}
		for _, e := range es {
			p, err := s.Get(ctx, e.postID)
			if errors.Is(err, ErrNotFound) {
				continue
			}
			if err != nil {
				return nil, err
			}
			if p.OwnerID == ownerID {
				out = append(out, p)
			}
		}
	}
	return out, nil
}

// Erase takes down p as its owner's account is deleted: as Delete does, but with the clean-up
// done here rather than queued (the caller runs in the jobs worker or in place of it). A beat
// that buyers own is withdrawn and kept with its files, for their downloads. It returns the
// media keys the caller deletes from the bucket; running it again after a fault finishes it.
func (s *Store) Erase(ctx context.Context, p Post) ([]string, error) {
	items := s.removeItems(p, p.OwnerID)
	if p.Kind == Beat {
		items[0] = types.TransactWriteItem{Update: &types.Update{
			TableName: &s.table, Key: postKey(p.ID), UpdateExpression: aws.String("SET withdrawn = :true"),
			ConditionExpression: aws.String("attribute_exists(pk) AND attribute_not_exists(withdrawn)"),
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":true": &types.AttributeValueMemberBOOL{Value: true},
			},
		}}
	}
	err := s.transact(ctx, items)
	if _, canceled := dynamo.CanceledBy(err); canceled {
		err = nil // taken down by an earlier run (or by its owner meanwhile)
	}
	if err != nil {
		return nil, failure.Wrap(err, "erase post")
	}
	if p.Kind == Beat {
		_, err = s.db.DeleteItem(ctx, &dynamodb.DeleteItemInput{
			TableName: &s.table, Key: postKey(p.ID), ConditionExpression: aws.String("attribute_not_exists(total_buyers) OR total_buyers = :zero"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":zero": number(0)},
		})
		if dynamo.ConditionFailed(err) {
			return nil, nil // bought: kept, withdrawn, for its buyers
		}
		if err != nil {
			return nil, failure.Wrap(err, "delete erased beat")
		}
	}
	if err := s.Purge(ctx, p.ID); err != nil {
		return nil, err
	}
	keys := p.MediaKeys()
	return keys, s.catalog.Forget(ctx, keys...)
}

// Sold is one licence of a beat sold: who bought it and their purchase's id.
type Sold struct {
	BuyerID, PurchaseID string
}

// SoldLicences lists the licences of beat id sold (its buyers' guard items, SellItems).
func (s *Store) SoldLicences(ctx context.Context, id string) ([]Sold, error) {
	in := &dynamodb.QueryInput{
		TableName: &s.table, KeyConditionExpression: aws.String("pk = :pk AND begins_with(sk, :b)"), ConsistentRead: aws.Bool(true),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": &types.AttributeValueMemberS{Value: postPrefix + id}, ":b": &types.AttributeValueMemberS{Value: buyerPrefix},
		},
	}
	var out []Sold
	p := dynamodb.NewQueryPaginator(s.db, in)
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, failure.Wrap(err, "list sales")
		}
		for _, it := range page.Items {
			out = append(out, Sold{BuyerID: strings.TrimPrefix(str(it["sk"]), buyerPrefix), PurchaseID: str(it["purchase_id"])})
		}
	}
	return out, nil
}

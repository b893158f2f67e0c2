package post

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
	"zuum/shared/money"
	"zuum/shared/profile"
	"zuum/shared/terms"

	"zuum/shared/text"
)

// "Beat" means two things in Zuum, and the names keep them apart:
//
//   - an audio post of type "beat" (TypeBeat) is a free upload: a producer's instrumental shared
//     like any song, played in full by everyone;
//   - a beat for sale is a post of kind "beat" (Kind Beat) with its own terms (Sale, Post.Sale): a price,
//     a supply of licences, the buyers so far and a 10-second preview. Only the preview is
//     served to anyone but its owner and its buyers.

// Sale is what a beat for sale holds beside the core post: its description and its terms.
type Sale struct {
	Description string
	Price       money.Money // of one licence, at least 1 kobo
	Supply      int64       // licences for sale, at least 1
	Buyers      int64       // licences sold; never above Supply (a purchase raises it on that condition)
	Preview     string      // media key of the preview: the first PreviewSeconds of Post.Media
	// Listening are the bitrates of the preview's listening copies, as Post.Listening.
	Listening []int
	// Seller is the owner's username, kept with the terms (a username never changes) so that a
	// purchase reads one item.
	Seller string
	// Withdrawn is set when its owner deleted it while it had buyers: it is gone from every list
	// and page, but the post and its audio stay for the buyers' downloads.
	Withdrawn bool
}

// Available is how many licences are left.
func (b Sale) Available() int64 { return max(b.Supply-b.Buyers, 0) }

// Beat defaults and limits (spec part 2 §3 and §9).
const (
	DefaultSupply  = 100
	MaxSupply      = 1_000_000
	MaxDescription = 2000
)

// Messages of a refused beat (spec part 2 §5 and §8).
const (
	msgBeatTitle       = "Please add a title for your beat"
	msgDescription     = "Description is required"
	msgDescriptionLong = "Description must be at most 2000 characters"
	msgCoverRequired   = "Cover photo is required"
	msgSupply          = "total_supply must be a whole number from 1 to 1000000"
	msgPrice           = "amount must be at least 0.01"
	msgBeatAudio       = "Please select a valid audio file (MP3, WAV)"
)

// previewTypes are the audio a beat for sale may be: what media.Cut cuts without re-encoding.
var previewTypes = []string{"audio/mpeg", "audio/wav"}

// SaleDraft is what a seller submits beside the core draft of a beat for sale.
type SaleDraft struct {
	Seller      string // the owner's username
	Description string
	Price       money.Money
	Supply      int64
}

func checkBeat(d *Draft, add func(field, msg string)) {
	d.Public, d.Type, d.Links, d.Location, d.Tags = true, TypeBeat, Links{}, "", nil
	b := d.Sale
	if b == nil {
		b = &SaleDraft{Supply: DefaultSupply, Price: terms.BeatDefaultPrice}
		d.Sale = b
	}
	switch b.Description = strings.TrimSpace(text.Clean(b.Description, true)); {
	case text.Blank(b.Description):
		add("description", msgDescription)
	case text.Len(b.Description) > MaxDescription:
		add("description", msgDescriptionLong)
	}
	if b.Supply < 1 || b.Supply > MaxSupply {
		add("total_supply", msgSupply)
	}
	if b.Price < money.Kobo || b.Price > money.Max {
		add("amount", msgPrice)
	}
}

// deleteBeat takes down its owner's beat for sale p. A beat nobody bought goes as any post goes.
// A beat with buyers is withdrawn instead: gone from every list and page and from sale, while
// the post item and every file of it stay for its buyers' downloads; no clean-up job is queued
// for it (and the jobs worker's Purge refuses a post that still exists).
//
// It is two writes. The first withdraws the beat in one transaction with its timeline entries
// and counts; from then on no purchase can succeed (a purchase requires a beat not withdrawn), so
// the buyers counter is final. The second deletes the post item on condition that the counter
// is 0, and only then is its clean-up queued.
func (s *Store) deleteBeat(ctx context.Context, p Post) error {
	items := s.removeItems(p, p.OwnerID)
	items[0] = types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: postKey(p.ID), UpdateExpression: aws.String("SET withdrawn = :true"),
		ConditionExpression: aws.String("attribute_exists(pk) AND owner_id = :owner AND attribute_not_exists(withdrawn)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":true": &types.AttributeValueMemberBOOL{Value: true}, ":owner": &types.AttributeValueMemberS{Value: p.OwnerID},
		},
	}}
	err := s.transact(ctx, items)
	if failed, ok := dynamo.CanceledBy(err); ok && len(failed) > 0 {
		return ErrNotFound // deleted meanwhile
	}
	if err != nil {
		return failure.Wrap(err, "withdraw beat")
	}
	_, err = s.db.DeleteItem(ctx, &dynamodb.DeleteItemInput{
		TableName: &s.table, Key: postKey(p.ID), ConditionExpression: aws.String("total_buyers = :zero"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":zero": number(0)},
	})
	if dynamo.ConditionFailed(err) {
		return nil // it has buyers: it stays, withdrawn
	}
	if err != nil {
		// Withdrawn, never listed or sold again; its item and files are left (and logged).
		return failure.Wrap(err, "delete withdrawn beat")
	}
	s.cleanUp(ctx, p)
	return nil
}

// Errors of a sale.
var (
	// ErrNotForSale is a beat that does not exist, was withdrawn or has no licence left.
	ErrNotForSale = failure.New(failure.NotFound, "Beat not found or sold out")
)

// ForSale returns beat id as a buyer reads it before buying: its post and terms, from one
// strongly consistent read. A post that is not a beat, or a withdrawn beat, is ErrNotForSale.
func (s *Store) ForSale(ctx context.Context, id string) (Post, error) {
	p, err := s.Get(ctx, id)
	if errors.Is(err, ErrNotFound) || err == nil && (p.Kind != Beat || p.Sale == nil || p.Sale.Withdrawn) {
		return Post{}, ErrNotForSale
	}
	return p, err
}

// Positions of SellItems' writes in what it returns.
const (
	SellGuard   = 0
	SellCounter = 1
	SellSeller  = 2
)

// SellItems are the writes a purchase of one licence of beat p (at price) adds to its
// transaction, in this order:
//
//   - SellGuard: the guard item pk=POST#<id> sk=BUYER#<buyer>, on condition that it is absent:
//     a buyer owns a beat at most once (first, so a refusal names it before "sold out");
//   - SellCounter: the beat's buyers counter raised by one, on condition that the beat still
//     exists, is not withdrawn, still costs price and has a licence left (total_buyers <
//     total_supply): the condition that makes overselling impossible however many buyers race;
//   - SellSeller: a check that the seller's account is not deactivated.
func (s *Store) SellItems(p Post, buyer, purchaseID string, price money.Money) []types.TransactWriteItem {
	return []types.TransactWriteItem{
		SellGuard: {Put: &types.Put{
			TableName: &s.table, ConditionExpression: aws.String(conditionAbsent),
			Item: map[string]types.AttributeValue{
				"pk": &types.AttributeValueMemberS{Value: postPrefix + p.ID}, "sk": &types.AttributeValueMemberS{Value: buyerPrefix + buyer},
				"purchase_id": &types.AttributeValueMemberS{Value: purchaseID},
			},
		}},
		SellCounter: {Update: &types.Update{
			TableName: &s.table, Key: postKey(p.ID), UpdateExpression: aws.String("ADD total_buyers :one"),
			ConditionExpression: aws.String("attribute_exists(pk) AND #kind = :beat AND attribute_not_exists(withdrawn) " +
				"AND total_buyers < total_supply AND price = :price"),
			ExpressionAttributeNames: map[string]string{"#kind": "kind"},
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":one": number(1), ":beat": &types.AttributeValueMemberS{Value: string(Beat)},
				":price": &types.AttributeValueMemberN{Value: strconv.FormatInt(price.Kobo(), 10)},
			},
		}},
		SellSeller: {ConditionCheck: &types.ConditionCheck{
			TableName: &s.users, Key: profile.Key(p.OwnerID),
			ConditionExpression:       aws.String("attribute_exists(pk) AND deactivated <> :true"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":true": &types.AttributeValueMemberBOOL{Value: true}},
		}},
	}
}

// Owns reports whether buyer bought a licence of beat postID (its guard item exists).
func (s *Store) Owns(ctx context.Context, postID, buyer string) (bool, error) {
	id, err := s.PurchaseOf(ctx, postID, buyer)
	return id != "", err
}

// PurchaseOf is the id of buyer's purchase of beat postID (from its guard item), or "" when
// buyer has not bought it.
func (s *Store) PurchaseOf(ctx context.Context, postID, buyer string) (string, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: &s.table, Key: itemKey(postPrefix+postID, buyerPrefix+buyer), ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return "", failure.Wrap(err, "read buyer guard")
	}
	if out.Item == nil {
		return "", nil
	}
	if id, ok := out.Item["purchase_id"].(*types.AttributeValueMemberS); ok && id.Value != "" {
		return id.Value, nil
	}
	return "", failure.Wrap(errors.New("no purchase_id"), "read buyer guard of "+postID)
}

// buyerPrefix is the sort key prefix of a beat's buyer guards.
const buyerPrefix = "BUYER#"

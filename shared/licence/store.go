package licence

import (
	"context"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
	"zuum/shared/money"
)

// ErrNotFound answers a number that names no licence, well formed or not.
var ErrNotFound = failure.New(failure.NotFound, "Licence not found")

// Item layout in the Posts table (schema.Posts):
//
//	pk=LICENCE#<number>  sk=LICENCE  the licence: purchase_id, beat_id, beat_title, buyer_id,
//	                                 buyer_username, producer_id, producer_username, price (kobo),
//	                                 purchased_at (RFC 3339, UTC)
//
// Names are kept as they were at the purchase, as on the printed licence.
const (
	pkPrefix = "LICENCE#"
	skItem   = "LICENCE"
)

// Store reads and writes licences in the Posts table.
type Store struct {
	db    *dynamodb.Client
	table string
}

// NewStore returns a store over the Posts table.
func NewStore(db *dynamodb.Client, postsTable string) *Store {
	return &Store{db: db, table: postsTable}
}

func key(number string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": str(pkPrefix + number), "sk": str(skItem)}
}

func str(s string) types.AttributeValue { return &types.AttributeValueMemberS{Value: s} }

// PutItem is the write that records l, for the purchase's transaction: it fails that
// transaction (ConditionalCheckFailed) rather than overwrite a licence with the same number.
// l.Number must come from NewNumber.
func (s *Store) PutItem(l Licence) types.TransactWriteItem {
	it := key(l.Number)
	for name, v := range map[string]string{
		"number": l.Number, "purchase_id": l.PurchaseID, "beat_id": l.BeatID, "beat_title": l.BeatTitle,
		"buyer_id": l.BuyerID, "buyer_username": l.BuyerUsername,
		"producer_id": l.ProducerID, "producer_username": l.ProducerUsername,
		"purchased_at": l.PurchasedAt.UTC().Format(time.RFC3339Nano),
	} {
		it[name] = str(v)
	}
	it["price"] = &types.AttributeValueMemberN{Value: strconv.FormatInt(l.Price.Kobo(), 10)}
	return types.TransactWriteItem{Put: &types.Put{
		TableName:           &s.table,
		Item:                it,
		ConditionExpression: aws.String("attribute_not_exists(pk)"),
	}}
}

// item is a licence as stored, for reading.
type item struct {
	Number           string `dynamodbav:"number"`
	PurchaseID       string `dynamodbav:"purchase_id"`
	BeatID           string `dynamodbav:"beat_id"`
	BeatTitle        string `dynamodbav:"beat_title"`
	BuyerID          string `dynamodbav:"buyer_id"`
	BuyerUsername    string `dynamodbav:"buyer_username"`
	ProducerID       string `dynamodbav:"producer_id"`
	ProducerUsername string `dynamodbav:"producer_username"`
	Price            int64  `dynamodbav:"price"` // kobo
	PurchasedAt      string `dynamodbav:"purchased_at"`
}

// Get returns the licence with number, ErrNotFound when there is none (a malformed number
// included, which costs no read).
func (s *Store) Get(ctx context.Context, number string) (Licence, error) {
	if !ValidNumber(number) {
		return Licence{}, ErrNotFound
	}
	var it item
	found, err := dynamo.Get(ctx, s.db, s.table, key(number), &it)
	if err != nil {
		return Licence{}, failure.Wrap(err, "get licence")
	}
	if !found {
		return Licence{}, ErrNotFound
	}
	at, err := time.Parse(time.RFC3339Nano, it.PurchasedAt)
	if err != nil {
		return Licence{}, failure.Wrap(err, "read licence date")
	}
	return Licence{
		Number: it.Number, PurchaseID: it.PurchaseID, BeatID: it.BeatID, BeatTitle: it.BeatTitle,
		BuyerID: it.BuyerID, BuyerUsername: it.BuyerUsername, ProducerID: it.ProducerID,
		ProducerUsername: it.ProducerUsername, Price: money.Money(it.Price) * money.Kobo, PurchasedAt: at,
	}, nil
}

// RenameProducer writes name as the producer of licence number (an erased account's: the
// licence stays its buyer's, without the producer's name); a licence not there is left alone.
func (s *Store) RenameProducer(ctx context.Context, number, name string) error {
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.table, Key: key(number), UpdateExpression: aws.String("SET producer_username = :n"),
		ConditionExpression:       aws.String("attribute_exists(pk)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":n": str(name)},
	})
	if err != nil && !dynamo.ConditionFailed(err) {
		return failure.Wrap(err, "rename producer")
	}
	return nil
}

package licence_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/localstack/cloudtest"
	"zuum/shared/dynamo"
	"zuum/shared/licence"
	"zuum/shared/money"
	"zuum/shared/schema"
)

func sample() licence.Licence {
	return licence.Licence{
		Number: licence.NewNumber(), PurchaseID: "0196f3a2-7c1e-7b3a-9c1d-2e3f4a5b6c7d",
		BeatID: "0196f3a0-1111-7222-8333-444455556666", BeatTitle: "Ọjọ́ Ìsinmi (Lagos Nights)",
		BuyerID: "buyer-1", BuyerUsername: "ada_sings", ProducerID: "producer-1", ProducerUsername: "kel_on_the_beat",
		Price: 123450 * money.Kobo, PurchasedAt: time.Date(2026, 11, 23, 18, 30, 5, 123456789, time.UTC),
	}
}

func put(ctx context.Context, db *dynamodb.Client, items ...types.TransactWriteItem) error {
	_, err := db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items})
	return err
}

// withSample is a store in a cloud of its own holding the sample licence it returns.
func withSample(t *testing.T) (*licence.Store, *dynamodb.Client, licence.Licence) {
	t.Helper()
	c := cloudtest.Start(t)
	s := licence.NewStore(c.DynamoDB, schema.Posts.Name)
	l := sample()
	if err := put(context.Background(), c.DynamoDB, s.PutItem(l)); err != nil {
		t.Fatal(err)
	}
	return s, c.DynamoDB, l
}

func TestStore_APutLicenceReadsBackAsSold(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _, l := withSample(t)
	got, err := s.Get(ctx, l.Number)
	if err != nil {
		t.Fatal(err)
	}
	if !got.PurchasedAt.Equal(l.PurchasedAt) {
		t.Errorf("purchased at %v, want %v", got.PurchasedAt, l.PurchasedAt)
	}
	got.PurchasedAt = l.PurchasedAt
	if got != l {
		t.Errorf("Get = %+v\nwant  %+v", got, l)
	}
}

func TestStore_PutItemNeverOverwritesALicenceWithTheSameNumber(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, db, first := withSample(t)
	second := sample()
	second.Number, second.BuyerUsername = first.Number, "someone_else"
	err := put(ctx, db, s.PutItem(second))
	if failed, ok := dynamo.CanceledBy(err); !ok || len(failed) != 1 || failed[0] != 0 {
		t.Fatalf("second put with the same number: %v (failed conditions %v)", err, failed)
	}
	if got, _ := s.Get(ctx, first.Number); got.BuyerUsername != first.BuyerUsername {
		t.Errorf("the licence now names buyer %q", got.BuyerUsername)
	}
}

func TestStore_GetOfAnUnknownOrMalformedNumberIsNotFound(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	s := licence.NewStore(c.DynamoDB, schema.Posts.Name)
	for _, n := range []string{licence.NewNumber(), "", "zuum-abcd-efgh-jkmn", "ZUUM-ABCD", "POST#x"} {
		if _, err := s.Get(context.Background(), n); !errors.Is(err, licence.ErrNotFound) {
			t.Errorf("Get(%q) = %v, want ErrNotFound", n, err)
		}
	}
}
